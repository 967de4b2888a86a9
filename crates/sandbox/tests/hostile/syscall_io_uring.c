/* Goes around the system-call filter through io_uring, whose operations are no system
   calls: sets up a ring and submits one operation (@OP@): IORING_OP_SOCKET makes a
   socket, IORING_OP_READ reads the input. Prints what it achieved, or why setup failed. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
    struct io_uring_params params;
    memset(&params, 0, sizeof params);
    int ring = syscall(SYS_io_uring_setup, 4, &params);
    if (ring < 0) {
        printf("io_uring_setup %s\n", strerrorname_np(errno));
        return 0;
    }
    size_t sq_size = params.sq_off.array + params.sq_entries * sizeof(unsigned);
    size_t cq_size = params.cq_off.cqes + params.cq_entries * sizeof(struct io_uring_cqe);
    char *sq = mmap(0, sq_size, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
    char *cq = mmap(0, cq_size, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_CQ_RING);
    struct io_uring_sqe *sqes = mmap(0, params.sq_entries * sizeof(struct io_uring_sqe),
                                     PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQES);
    if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
        printf("ring made, not mapped\n");
        return 0;
    }
    static char buffer[64];
    struct io_uring_sqe *sqe = &sqes[0];
    memset(sqe, 0, sizeof *sqe);
    const char *op = "@OP@";
    if (strcmp(op, "socket") == 0) {
        sqe->opcode = IORING_OP_SOCKET;
        sqe->fd = AF_INET;
        sqe->off = SOCK_STREAM;
    } else {
        sqe->opcode = IORING_OP_READ;
        sqe->fd = 0;
        sqe->addr = (unsigned long)buffer;
        sqe->len = sizeof buffer;
    }
    unsigned *tail = (unsigned *)(sq + params.sq_off.tail);
    unsigned *array = (unsigned *)(sq + params.sq_off.array);
    array[*tail & *(unsigned *)(sq + params.sq_off.ring_mask)] = 0;
    __atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
    int entered = syscall(SYS_io_uring_enter, ring, 1, 1, IORING_ENTER_GETEVENTS, 0, 0);
    if (entered < 0) {
        printf("io_uring_enter %s\n", strerrorname_np(errno));
        return 0;
    }
    unsigned head = *(unsigned *)(cq + params.cq_off.head);
    struct io_uring_cqe *cqes = (struct io_uring_cqe *)(cq + params.cq_off.cqes);
    int res = cqes[head & *(unsigned *)(cq + params.cq_off.ring_mask)].res;
    if (res >= 0)
        printf("ring %s: %d\n", op, res);
    else
        printf("ring %s %s\n", op, strerrorname_np(-res));
    return 0;
}
