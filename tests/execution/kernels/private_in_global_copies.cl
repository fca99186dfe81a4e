// The kernel of private_in_global_copies.h whose helpers are copied.
#include "private_in_global_copies.h"
