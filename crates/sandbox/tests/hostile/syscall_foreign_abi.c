/* Calls the kernel through another ABI, where a filter checking only x86_64's numbers
   would be blind (@ABI@): i386's `int $0x80` (socket is call 359 there), or x32's
   numbering (bit 30 set). Prints the outcome, if it is still alive. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
    long result;
    if (strcmp("@ABI@", "i386") == 0) {
        long number = 359; /* socket, on i386 */
        __asm__ volatile("int $0x80"
                         : "=a"(result)
                         : "a"(number), "b"(AF_INET), "c"(SOCK_STREAM), "d"(0)
                         : "memory");
        if (result < 0) {
            errno = -result;
            result = -1;
        }
    } else {
        result = syscall(0x40000000 | SYS_socket, AF_INET, SOCK_STREAM, 0);
    }
    if (result < 0)
        printf("@ABI@ %s\n", strerrorname_np(errno));
    else
        printf("@ABI@ ok\n");
    return 0;
}
