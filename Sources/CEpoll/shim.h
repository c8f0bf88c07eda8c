#ifndef MARFA_CEPOLL_SHIM_H
#define MARFA_CEPOLL_SHIM_H

/* Linux epoll, which Swift's Glibc module does not export, for MarfaSockets' EventPoller. */

#include <sys/epoll.h>

#endif
