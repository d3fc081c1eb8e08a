#include "DemoTerminalShims.h"
