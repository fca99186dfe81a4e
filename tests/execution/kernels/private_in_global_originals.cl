// The kernel of private_in_global_copies.h that keeps the original helpers.
#include "private_in_global_copies.h"
