#ifndef MARFA_CZSTD_SHIM_H
#define MARFA_CZSTD_SHIM_H

#include <zstd.h>

#endif
