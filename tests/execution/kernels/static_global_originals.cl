// The kernel of static_global_copies.h that keeps the original helpers.
#include "static_global_copies.h"
