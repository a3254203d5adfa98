// Linux's epoll (sys/epoll.h), which Swift's Glibc module does not include; the server's event
// loops watch their connections' sockets with it.
#ifdef __linux__
#include <sys/epoll.h>
#endif
