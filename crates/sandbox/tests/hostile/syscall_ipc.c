/* Makes inter-process objects that outlive the run and are shared with whatever else
   runs in the same IPC namespace: System V shared memory, semaphores and message
   queues (@KIND@ = sysv), or a POSIX message queue (@KIND@ = posix). Removes whatever
   it made, and prints each call's outcome. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

static void outcome(const char *call, long result) {
    if (result < 0)
        printf("%s %s", call, strerrorname_np(errno));
    else
        printf("%s ok", call);
}

int main(void) {
    if (strcmp("@KIND@", "posix") == 0) {
        struct mq_attr attr = {.mq_maxmsg = 1, .mq_msgsize = 8};
        long queue = syscall(SYS_mq_open, "syscall-ipc-fixture", O_CREAT | O_RDWR, 0600, &attr);
        outcome("mq_open", queue);
        if (queue >= 0)
            syscall(SYS_mq_unlink, "syscall-ipc-fixture");
    } else {
        int shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
        outcome("shmget", shm);
        if (shm >= 0)
            shmctl(shm, IPC_RMID, 0);
        putchar(' ');
        int sem = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
        outcome("semget", sem);
        if (sem >= 0)
            semctl(sem, 0, IPC_RMID);
        putchar(' ');
        int msg = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
        outcome("msgget", msg);
        if (msg >= 0)
            msgctl(msg, IPC_RMID, 0);
    }
    putchar('\n');
    return 0;
}
