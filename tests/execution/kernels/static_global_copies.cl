// The kernel of static_global_copies.h whose helpers are copied.
#include "static_global_copies.h"
