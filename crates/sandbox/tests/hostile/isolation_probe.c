/* One attack on the private root, the box user and the box, chosen by its first argument.
   Prints SAFE when every step of the attack failed, or what it achieved otherwise; the
   tests expect SAFE. Paths of the host
   (the archive, a data folder, a file the test watches) come as further arguments. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <unistd.h>

static int achieved = 0;

/* One token per step that worked, so that the judge's first differing token names it. */
static void report(int worked, const char *what) {
    if (worked) {
        printf("BROKEN:");
        for (const char *c = what; *c; c++) putchar(*c == ' ' ? '_' : *c);
        printf(" (errno %d)\n", errno);
        achieved = 1;
    }
}

/* Metadata of files it can name: mode, owner, times, extended attributes. */
static void metadata(const char *path) {
    char what[512];
    snprintf(what, sizeof what, "chmod %s", path);
    report(chmod(path, 04777) == 0, what);
    snprintf(what, sizeof what, "chown %s", path);
    report(chown(path, getuid(), getgid()) == 0 && chown(path, 0, 0) == 0, what);
    snprintf(what, sizeof what, "utimes %s", path);
    report(utimes(path, NULL) == 0, what);
    snprintf(what, sizeof what, "setxattr %s", path);
    report(setxattr(path, "user.judge", "x", 1, 0) == 0, what);
    report(setxattr(path, "trusted.judge", "x", 1, 0) == 0, what);
}

/* A folder chain deeper than any recursive removal handles, a folder made unreadable,
   and a file held open: the box must still go. */
static void leave_a_mess(void) {
    for (int i = 0; i < 1500; i++) {
        if (mkdir("d", 0700) != 0 || chdir("d") != 0) break;
    }
    if (chdir("/box") != 0) return;
    mkdir("locked", 0700);
    int fd = open("locked/file", O_CREAT | O_WRONLY, 0600);
    if (fd >= 0) (void)write(fd, "x", 1);
    chmod("locked", 0);
    mkfifo("fifo", 0600);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "metadata") == 0) {
        metadata("/usr/bin/id");
        metadata("/etc/passwd");
        metadata("/dev/null");
        metadata("/proc/self/exe");
        metadata(argv[0]);
        if (argc > 2) metadata(argv[2]);
        /* A setuid copy of a system program in the box gains nothing: the box is
           nosuid and the copy is the box user's own. */
        int in = open("/usr/bin/id", O_RDONLY), out = open("/box/id", O_CREAT | O_WRONLY, 0755);
        char buffer[65536];
        ssize_t n;
        while (in >= 0 && out >= 0 && (n = read(in, buffer, sizeof buffer)) > 0) (void)write(out, buffer, n);
        close(out);
        /* (In an ordinary user's namespace uid 0 is that user: nothing to gain.) */
        if (getuid() != 0) report(chown("/box/id", 0, 0) == 0, "chown a copy to root");
        report(mknod("/box/disk", S_IFBLK | 0666, makedev(8, 0)) == 0, "mknod a disk");
        report(mknod("/box/mem", S_IFCHR | 0666, makedev(1, 1)) == 0, "mknod /dev/mem");
        report(link("/usr/bin/id", "/box/hardlink") == 0, "hard link a system file");
    } else if (strcmp(mode, "invisible") == 0) {
        struct stat st;
        /* The archive, a data folder, the home folder, the host's /tmp and /run: none
           exists, not even for stat. The paths come behind '@', so that the command line
           does not name them (what it names is made readable). */
        for (int i = 2; i < argc; i++) report(stat(argv[i] + 1, &st) == 0, argv[i] + 1);
        report(stat("/root", &st) == 0, "/root");
        report(stat("/home", &st) == 0, "/home");
        report(stat("/run", &st) == 0, "/run");
        report(stat("/var", &st) == 0, "/var");
        report(stat("/etc/shadow", &st) == 0, "/etc/shadow");
        report(stat("/proc/1/cmdline", &st) == 0, "the spawner in /proc");
        report(stat("/sys/fs/cgroup", &st) == 0, "the cgroups");
        DIR *proc = opendir("/proc");
        struct dirent *entry;
        int processes = 0;
        while (proc && (entry = readdir(proc))) processes += entry->d_name[0] >= '0' && entry->d_name[0] <= '9';
        report(processes != 1, "other processes in /proc");
        /* The input is a sealed copy: no write reaches it, nor any file behind it. */
        int again = open("/proc/self/fd/0", O_RDWR);
        report(again >= 0 && write(again, "LOSE", 4) == 4, "write to the input");
        char link[256] = {0};
        report(readlink("/proc/self/fd/0", link, sizeof link - 1) > 0 && link[0] == '/' &&
                   strncmp(link, "/memfd:", 7) != 0,
               "the input's host path");
        /* The root itself is read-only. */
        report(mkdir("/new", 0777) == 0, "mkdir in /");
        report(open("/tmp/x", O_CREAT | O_WRONLY, 0600) >= 0, "write /tmp");
        report(open("/etc/passwd", O_WRONLY | O_APPEND) >= 0, "write /etc/passwd");
    } else if (strcmp(mode, "quota") == 0) {
        /* Fill the box, in files of 8 MiB (each file is capped like the output): the
           write past the box's size fails inside the program. */
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        long long written = 0;
        int full = 0;
        char name[64];
        for (int file = 0; file < 64 && !full; file++) {
            snprintf(name, sizeof name, "/box/fill%d", file);
            int fd = open(name, O_CREAT | O_WRONLY, 0600);
            for (int i = 0; i < 8 && fd >= 0; i++) {
                ssize_t n = write(fd, block, sizeof block);
                if (n <= 0) { full = 1; break; }
                written += n;
            }
            if (fd < 0) full = 1;
            close(fd);
        }
        for (int file = 0; file < 64; file++) {
            snprintf(name, sizeof name, "/box/fill%d", file);
            unlink(name);
        }
        report(written > (96LL << 20), "a box over its size");
        int files = 0;
        for (int i = 0; i < 100000; i++) {
            snprintf(name, sizeof name, "/box/f%d", i);
            int f = open(name, O_CREAT | O_WRONLY, 0600);
            if (f < 0) break;
            close(f);
            files++;
        }
        report(files >= 100000, "100000 files in the box");
    } else if (strcmp(mode, "fresh") == 0) {
        /* Every run starts in an empty box, then leaves the worst it can. */
        DIR *box = opendir("/box");
        struct dirent *entry;
        int leftovers = 0;
        while (box && (entry = readdir(box))) leftovers += entry->d_name[0] != '.';
        report(leftovers != 0, "a box with an earlier run's files");
        leave_a_mess();
    } else if (strcmp(mode, "marks") == 0) {
        /* A box left empty but marked (its mode, times and an attribute changed, a file
           made and removed) is not handed to the next run as it is. */
        struct stat st;
        report(stat("/box", &st) != 0, "stat the box");
        report((st.st_mode & 07777) != 0755, "a box with an earlier run's mode");
        report(st.st_mtime == 12345 || st.st_atime == 12345, "a box with an earlier run's times");
        char names[256];
        report(listxattr("/box", names, sizeof names) > 0, "a box with an earlier run's attribute");
        int fd = open("/box/gone", O_CREAT | O_WRONLY, 0600);
        if (fd >= 0) close(fd);
        unlink("/box/gone");
        (void)setxattr("/box", "user.mark", "1", 1, 0);
        struct timespec marked[2] = {{.tv_sec = 12345}, {.tv_sec = 12345}};
        (void)utimensat(AT_FDCWD, "/box", marked, 0);
        (void)chmod("/box", 0700);
    } else if (strcmp(mode, "kernel") == 0) {
        /* The kernel's knobs in /proc/sys and /sys: none is writable. */
        const char *knobs[] = {"/proc/sys/kernel/shmmni", "/proc/sys/kernel/core_pattern",
                               "/proc/sys/vm/drop_caches", "/proc/sysrq-trigger",
                               "/sys/devices/system/cpu/cpu0/online"};
        for (unsigned i = 0; i < sizeof knobs / sizeof *knobs; i++) {
            int fd = open(knobs[i], O_WRONLY);
            report(fd >= 0, knobs[i]);
        }
        struct stat st;
        report(stat("/sys/class/net", &st) == 0, "/sys/class/net");
        report(stat("/sys/kernel", &st) == 0, "/sys/kernel");
        /* A crash cannot reach the host's core handler: the core limit is 1 byte (the
           kernel refuses piped and written dumps alike), and cannot be raised. */
        struct rlimit core;
        getrlimit(RLIMIT_CORE, &core);
        report(core.rlim_max > 1, "a core limit over 1 byte");
        core.rlim_cur = core.rlim_max = RLIM_INFINITY;
        report(setrlimit(RLIMIT_CORE, &core) == 0, "raise the core limit");
        report(mount("none", "/box", "tmpfs", 0, "") == 0, "mount over the box");
        /* A setuid-root program of the system (mount, su) gains nothing: nosuid. */
        pid_t child = fork();
        if (child == 0) {
            execl("/bin/mount", "mount", "-t", "tmpfs", "none", "/box", (char *)NULL);
            _exit(99);
        }
        int status = 0;
        waitpid(child, &status, 0);
        struct statfs box;
        statfs("/box", &box);
        report(WIFEXITED(status) && WEXITSTATUS(status) == 0, "setuid mount");
    } else if (strcmp(mode, "memory") == 0) {
        /* Files in the box are memory: 32 MiB of them under an 8 MB budget. */
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        long long written = 0;
        char name[64];
        for (int file = 0; file < 4; file++) {
            snprintf(name, sizeof name, "/box/hoard%d", file);
            int fd = open(name, O_CREAT | O_WRONLY, 0600);
            for (int i = 0; i < 8 && fd >= 0; i++) {
                if (write(fd, block, sizeof block) <= 0) break;
                written += sizeof block;
            }
            close(fd);
        }
        report(written >= (32LL << 20), "32 MiB of files under an 8 MB budget");
    } else if (strcmp(mode, "priority") == 0) {
        /* A higher priority or a real-time class would starve the judge and other runs. */
        errno = 0;
        int nice_now = nice(-5);
        report(nice_now < 0 && errno == 0, "nice -5");
        struct sched_param param = {.sched_priority = 10};
        report(sched_setscheduler(0, SCHED_FIFO, &param) == 0, "SCHED_FIFO");
        report(sched_setscheduler(0, SCHED_RR, &param) == 0, "SCHED_RR");
        report(open("/dev/tty", O_RDWR) >= 0, "the terminal");
        report(isatty(0) || isatty(1) || isatty(2), "a terminal on a standard stream");
        int opened = 0;
        for (int i = 0; i < 4096; i++) {
            if (open("/dev/null", O_RDONLY) < 0) break;
            opened++;
        }
        report(opened >= 4000, "4,000 open files");
        static char locked[1 << 20];
        report(mlock(locked, sizeof locked) == 0, "mlock 1 MiB");
    } else if (strcmp(mode, "killall") == 0) {
        /* Every signal it may send, to every process it may reach: only its own. */
        report(kill(1, SIGKILL) == 0 && kill(1, 0) != 0, "killed the spawner");
        kill(-1, SIGKILL);
        kill(-1, SIGSTOP);
    }
    if (!achieved) printf("SAFE\n");
    return 0;
}
