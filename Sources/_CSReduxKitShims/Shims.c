// The shims are header-only; SwiftPM needs one source file to build the target.
#include "CSReduxKitShims.h"
