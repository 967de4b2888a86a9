/* One refused call at a time (@CALL@), each something a judged program has no use for
   and an attacker does: a pair of UNIX datagram sockets, a descriptor passed through a
   stream pair (SCM_RIGHTS: the UNIX garbage collector's kernel surface), a personality that makes every readable page executable or turns
   off address randomisation, a file handle (open_by_handle_at goes around path checks),
   a key in the kernel's keyring, a BPF map, a performance counter, user-space page
   faults, tracing itself or its child; and the machine's shared pools: a context of
   asynchronous I/O as large as the machine's whole `fs.aio-max-nr`, huge pages (a mapping
   and a memory file) from the reserved pool; and a memory file of ordinary pages, which
   no process need map (without a cgroup, no sample of the run would see them). Prints
   the call's outcome. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/aio_abi.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static long attempt(const char *call) {
    if (strcmp(call, "socketpair") == 0) {
        int pair[2];
        return socketpair(AF_UNIX, SOCK_DGRAM, 0, pair);
    }
    if (strcmp(call, "scm_rights") == 0) {
        int pair[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0)
            return -4;
        int passed = 0;
        char byte = 'x';
        struct iovec data = {.iov_base = &byte, .iov_len = 1};
        union {
            struct cmsghdr header;
            char space[CMSG_SPACE(sizeof passed)];
        } control;
        memset(&control, 0, sizeof control);
        struct msghdr message = {.msg_iov = &data, .msg_iovlen = 1,
                                 .msg_control = control.space,
                                 .msg_controllen = sizeof control.space};
        struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
        rights->cmsg_level = SOL_SOCKET;
        rights->cmsg_type = SCM_RIGHTS;
        rights->cmsg_len = CMSG_LEN(sizeof passed);
        memcpy(CMSG_DATA(rights), &passed, sizeof passed);
        return sendmsg(pair[0], &message, 0);
    }
    if (strcmp(call, "personality") == 0) {
        long before = syscall(SYS_personality, 0xffffffff);
        long result = syscall(SYS_personality, READ_IMPLIES_EXEC);
        if (result < 0)
            return result;
        result = syscall(SYS_personality, ADDR_NO_RANDOMIZE);
        long now = syscall(SYS_personality, 0xffffffff);
        return result < 0 ? result : (now == before ? -2 : 0);
    }
    if (strcmp(call, "name_to_handle_at") == 0) {
        struct {
            struct file_handle handle;
            unsigned char bytes[128];
        } handle = {.handle.handle_bytes = 128};
        int mount;
        return syscall(SYS_name_to_handle_at, AT_FDCWD, ".", &handle.handle, &mount, 0);
    }
    if (strcmp(call, "add_key") == 0)
        return syscall(SYS_add_key, "user", "fixture", "secret", 6, KEY_SPEC_PROCESS_KEYRING);
    if (strcmp(call, "bpf") == 0) {
        union bpf_attr attr;
        memset(&attr, 0, sizeof attr);
        attr.map_type = BPF_MAP_TYPE_ARRAY;
        attr.key_size = 4;
        attr.value_size = 4;
        attr.max_entries = 1;
        return syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr);
    }
    if (strcmp(call, "perf_event_open") == 0) {
        struct perf_event_attr attr;
        memset(&attr, 0, sizeof attr);
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = PERF_COUNT_SW_TASK_CLOCK;
        attr.exclude_kernel = 1;
        return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    }
    if (strcmp(call, "io_setup") == 0) {
        aio_context_t context = 0;
        return syscall(SYS_io_setup, 65536, &context);
    }
    if (strcmp(call, "mmap_hugetlb") == 0) {
        void *pages = mmap(NULL, 2 << 20, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
        return pages == MAP_FAILED ? -1 : 0;
    }
    if (strcmp(call, "memfd_hugetlb") == 0)
        return memfd_create("pages", MFD_HUGETLB);
    if (strcmp(call, "memfd") == 0) {
        int held = memfd_create("held", 0);
        if (held < 0)
            return -1;
        static char page[1 << 20];
        return write(held, page, sizeof page) == (long)sizeof page ? 0 : -1;
    }
    if (strcmp(call, "userfaultfd") == 0)
        return syscall(SYS_userfaultfd, 0);
    if (strcmp(call, "ptrace") == 0) {
        long traced = ptrace(PTRACE_TRACEME, 0, 0, 0);
        if (traced == 0)
            return 0;
        int saved = errno;
        pid_t child = fork();
        if (child == 0) {
            pause();
            _exit(0);
        }
        long attached = ptrace(PTRACE_ATTACH, child, 0, 0);
        int attach_errno = errno;
        kill(child, SIGKILL);
        waitpid(child, 0, 0);
        errno = attached == 0 ? 0 : attach_errno;
        if (attached == 0)
            return 0;
        if (attach_errno != saved)
            return -3;
        return -1;
    }
    errno = EINVAL;
    return -1;
}

int main(void) {
    const char *call = "@CALL@";
    long result = attempt(call);
    if (result >= 0)
        printf("%s ok\n", call);
    else if (result == -1)
        printf("%s %s\n", call, strerrorname_np(errno));
    else
        printf("%s failed differently (%ld)\n", call, result);
    return 0;
}
