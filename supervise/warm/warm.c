/*
 * Warm starts: a program started once, stopped before its own code, and forked per run.
 *
 * The harness compiles this file twice and keeps both in its cache of built programs:
 *
 *  - as an object linked into every C and C++ program it builds. A program started with
 *    HARNESS_WARM_FD in its environment stops in a constructor of priority 101 (after the C and
 *    C++ run-time libraries have set themselves up, before any constructor of the program's own)
 *    and becomes a fork server. Without that variable the constructor returns at once and the
 *    program is a plain program: the compiled file is what a `reproduce:` line runs.
 *  - as a shared library (-DWARM_LIBRARY) that the resident Python interpreter (warm_server.py)
 *    calls through ctypes: the same server loop, around a fork of the interpreter.
 *
 * The server speaks the supervisor's keeper protocol (supervise/src/report.rs): for each request
 * it forks a child whose stdin, stdout and stderr are the run's pipes, reports STARTED (its pid,
 * bounds on its start time, the server's reaped-children CPU ticks before the run), waits for it
 * or for SIGTERM (the harness stopping the run), kills and reaps everything the run started (it
 * is a child subreaper, so orphans come back to it), and reports ENDED with the run's own CPU time
 * (the RUSAGE_CHILDREN difference) and the largest peak resident set of a process of the run.
 * It serves one run at a time and exits when the harness closes the control socket.
 *
 * A request is one SOCK_SEQPACKET message: "MARKER\0SOFT\0HARD\0N\0VAR=VALUE\0...ARG0\0ARG1\0..."
 * (N environment entries for the run, then its argv) with four descriptors (stdin, stdout,
 * stderr, status) passed along.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/times.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TAG_STARTED 0x6d336b6565700001ULL
#define TAG_ENDED 0x6d336b6565700002ULL
#define TAG_FAILED 0x6d336b6565700003ULL
#define FLAG_KILL_REQUESTED 1ULL
#define FLAG_KILLED_WHILE_RUNNING 2ULL
#define RUN_MARKER "MATCH3_HARNESS_RUN"
#define WARM_FD "HARNESS_WARM_FD"
#define REQUEST_BYTES (1 << 18)
#define MAX_ARGS 4096

typedef void (*warm_hook)(void);

static char warm_request[REQUEST_BYTES + 1];
static char *warm_argv[MAX_ARGS + 1];
static char *warm_env[MAX_ARGS + 2];
static char warm_marker_entry[256];

static void warm_record(int fd, uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e,
                        uint64_t f) {
    uint64_t r[8] = {a, b, c, d, e, f, 0, 0};
    ssize_t n;
    do {
        n = write(fd, r, sizeof r);
    } while (n < 0 && errno == EINTR);
}

static uint64_t warm_micros(struct timeval t) {
    return (uint64_t)t.tv_sec * 1000000ULL + (uint64_t)t.tv_usec;
}

static uint64_t warm_boot_ticks(void) {
    struct timespec t;
    clock_gettime(CLOCK_BOOTTIME, &t);
    uint64_t hz = (uint64_t)sysconf(_SC_CLK_TCK);
    return (uint64_t)t.tv_sec * hz + (uint64_t)t.tv_nsec * hz / 1000000000ULL;
}

static void warm_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t ignored = write(fd, text, strlen(text));
        (void)ignored;
        close(fd);
    }
}

/* Kills every descendant of this process (walking the children files of every task), once. */
static void warm_kill_tree(pid_t root) {
    static pid_t queue[65536];
    size_t head = 0, tail = 0;
    queue[tail++] = root;
    while (head < tail) {
        pid_t pid = queue[head++];
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
        DIR *tasks = opendir(path);
        if (!tasks) continue;
        struct dirent *t;
        while ((t = readdir(tasks))) {
            if (t->d_name[0] == '.') continue;
            char file[96];
            snprintf(file, sizeof file, "/proc/%d/task/%s/children", (int)pid, t->d_name);
            FILE *f = fopen(file, "re");
            if (!f) continue;
            int child;
            while (fscanf(f, "%d", &child) == 1) {
                if (child != root) kill(child, SIGKILL);
                if (tail < sizeof queue / sizeof queue[0]) queue[tail++] = child;
            }
            fclose(f);
        }
        closedir(tasks);
    }
}

/* Reaps every process of the run; the program's wait status; the largest peak resident set. */
static int warm_reap_all(pid_t self, pid_t program, long *maxrss) {
    int program_status = 0;
    for (;;) {
        int status;
        struct rusage ru;
        pid_t pid;
        while ((pid = wait4(-1, &status, __WALL | WNOHANG, &ru)) > 0) {
            if (ru.ru_maxrss > *maxrss) *maxrss = ru.ru_maxrss;
            if (pid == program) program_status = status;
        }
        if (pid < 0 && errno != EINTR) return program_status; /* ECHILD: all gone */
        warm_kill_tree(self);
        pid = wait4(-1, &status, __WALL, &ru);
        if (pid > 0) {
            if (ru.ru_maxrss > *maxrss) *maxrss = ru.ru_maxrss;
            if (pid == program) program_status = status;
        } else if (errno != EINTR) {
            return program_status;
        }
    }
}

/* Waits until the program ends (reaping orphans meanwhile, never the program) or SIGTERM comes;
 * whether SIGTERM came. */
static int warm_watch(pid_t program, const sigset_t *waited) {
    for (;;) {
        for (;;) {
            siginfo_t info;
            memset(&info, 0, sizeof info);
            if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT | __WALL) != 0) {
                if (errno == EINTR) continue;
                return 0;
            }
            if (info.si_pid == 0) break;
            if (info.si_pid == program) return 0;
            waitpid(info.si_pid, NULL, __WALL);
        }
        int sig = sigwaitinfo(waited, NULL);
        if (sig == SIGTERM) return 1;
    }
}

/* Reads one request; 0 at the end of the control socket or on a malformed request. */
static int warm_receive(int control, int fds[4], int *argc) {
    struct iovec iov = {warm_request, REQUEST_BYTES};
    union {
        char buf[CMSG_SPACE(4 * sizeof(int))];
        struct cmsghdr align;
    } u;
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = u.buf;
    msg.msg_controllen = sizeof u.buf;
    ssize_t n;
    do {
        n = recvmsg(control, &msg, MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return 0;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    if (!c || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(4 * sizeof(int))) return 0;
    memcpy(fds, CMSG_DATA(c), 4 * sizeof(int));
    if (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        warm_record(fds[3], TAG_FAILED, E2BIG, 0, 0, 0, 0);
        for (int i = 0; i < 4; i++) close(fds[i]);
        return -1;
    }
    warm_request[n] = 0;
    char *words[MAX_ARGS + 4];
    int count = 0;
    for (ssize_t at = 0; at < n && count < MAX_ARGS + 4;) {
        words[count++] = warm_request + at;
        at += (ssize_t)strlen(warm_request + at) + 1;
    }
    long envs = count >= 4 ? strtol(words[3], NULL, 10) : -1;
    if (envs < 0 || envs > MAX_ARGS || count < 5 + envs) {
        warm_record(fds[3], TAG_FAILED, EINVAL, 0, 0, 0, 0);
        for (int i = 0; i < 4; i++) close(fds[i]);
        return -1;
    }
    snprintf(warm_marker_entry, sizeof warm_marker_entry, "%s=%s", RUN_MARKER, words[0]);
    warm_env[0] = warm_marker_entry;
    for (long i = 0; i < envs; i++) warm_env[1 + i] = words[4 + i];
    warm_env[1 + envs] = NULL;
    *argc = count - 4 - (int)envs;
    for (int i = 0; i < *argc; i++) warm_argv[i] = words[4 + envs + i];
    warm_argv[*argc] = NULL;
    return 1;
}

/* In the run's child: its streams, limits, marker and signal mask, as the keeper gives them. */
static void warm_child(pid_t server, int control, const int fds[4]) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != server) _exit(127);
    for (int i = 0; i < 3; i++) dup2(fds[i], i);
    for (int i = 0; i < 4; i++)
        if (fds[i] > 2) close(fds[i]);
    close(control);
    char *marker = warm_request;
    uint64_t soft = strtoull(warm_request + strlen(marker) + 1, NULL, 10);
    const char *hard_text = warm_request + strlen(marker) + 1;
    hard_text += strlen(hard_text) + 1;
    uint64_t hard = strtoull(hard_text, NULL, 10);
    struct rlimit cpu;
    if (getrlimit(RLIMIT_CPU, &cpu) == 0) {
        if (cpu.rlim_max > hard) cpu.rlim_max = hard;
        cpu.rlim_cur = cpu.rlim_max < soft ? cpu.rlim_max : soft;
        setrlimit(RLIMIT_CPU, &cpu);
    }
    for (char **e = warm_env; *e; e++) putenv(*e);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/* The environment entries of the current run (its marker first), NULL-terminated: what a run's
 * child has set with putenv, for an interpreter that keeps a copy of its environment. */
char **warm_run_env(void) { return warm_env; }

/*
 * The server loop. Returns only in a run's child, with the run's argv (and *argc); the server
 * itself exits when the control socket closes. `before`, `parent` and `child` run around each
 * fork (the Python interpreter's PyOS_BeforeFork and its two AfterFork calls), when not NULL.
 */
char **warm_serve(int control, warm_hook before, warm_hook parent, warm_hook child, int *argc) {
    pid_t self = getpid();
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    /* An ignored signal is discarded even while blocked: these two are waited for. */
    signal(SIGTERM, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    sigset_t blocked, waited;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGTERM);
    sigaddset(&blocked, SIGCHLD);
    sigaddset(&blocked, SIGPIPE);
    sigprocmask(SIG_BLOCK, &blocked, NULL);
    sigemptyset(&waited);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGCHLD);
    /* What every run's child has, inherited through fork: set once here, not per run. The server
     * is then the first the kernel's OOM killer takes too; a lost server is started again. */
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    warm_write_file("/proc/self/oom_score_adj", "1000");
    static const char ready[] = "READY";
    if (send(control, ready, sizeof ready - 1, MSG_NOSIGNAL) < 0) _exit(0);
    for (;;) {
        int fds[4];
        int got = warm_receive(control, fds, argc);
        if (got == 0) _exit(0);
        if (got < 0) continue;
        /* A SIGTERM meant for an earlier run, or sent between runs, is not for this one. */
        sigset_t term;
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        struct timespec zero = {0, 0};
        while (sigtimedwait(&term, NULL, &zero) > 0) {
        }
        struct tms before_times;
        times(&before_times);
        uint64_t base_ticks = (uint64_t)before_times.tms_cutime + (uint64_t)before_times.tms_cstime;
        struct rusage before_usage;
        getrusage(RUSAGE_CHILDREN, &before_usage);
        uint64_t earliest = warm_boot_ticks();
        if (before) before();
        pid_t pid = fork();
        if (pid == 0) {
            if (child) child();
            warm_child(self, control, fds);
            return warm_argv;
        }
        if (parent) parent();
        uint64_t latest = warm_boot_ticks();
        int status_fd = fds[3];
        for (int i = 0; i < 3; i++) close(fds[i]);
        if (pid < 0) {
            warm_record(status_fd, TAG_FAILED, (uint64_t)errno, 0, 0, 0, 0);
            close(status_fd);
            continue;
        }
        setpgid(pid, pid);
        warm_record(status_fd, TAG_STARTED, (uint64_t)pid, earliest, latest, base_ticks, 0);
        int kill_requested = warm_watch(pid, &waited);
        siginfo_t info;
        memset(&info, 0, sizeof info);
        int done = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT | __WALL) == 0 &&
                   info.si_pid == pid;
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        long maxrss = 0;
        int status = warm_reap_all(self, pid, &maxrss);
        struct rusage after_usage;
        getrusage(RUSAGE_CHILDREN, &after_usage);
        uint64_t cpu = warm_micros(after_usage.ru_utime) + warm_micros(after_usage.ru_stime) -
                       warm_micros(before_usage.ru_utime) - warm_micros(before_usage.ru_stime);
        uint64_t flags = 0;
        if (kill_requested) flags |= FLAG_KILL_REQUESTED;
        if (kill_requested && !done) flags |= FLAG_KILLED_WHILE_RUNNING;
        warm_record(status_fd, TAG_ENDED, flags, (uint64_t)(uint32_t)status, cpu,
                    (uint64_t)(maxrss > 0 ? maxrss : 0), 0);
        close(status_fd);
    }
}

#ifndef WARM_LIBRARY
typedef void (*warm_init_fn)(int, char **, char **);
extern warm_init_fn __init_array_start[] __attribute__((weak));
extern warm_init_fn __init_array_end[] __attribute__((weak));
extern char **environ;
extern int main(int, char **, char **);

static void warm_init(int argc, char **argv, char **envp);

/* The C++ library's standard streams: a program that uses them (GCC before 13 initialises them
 * from a constructor in each translation unit including <iostream>) finds them set up already,
 * once in the server instead of in every run; their own construction then only counts. Weak: a C
 * program, or one without <iostream>, does not link them. */
extern void _ZNSt8ios_base4InitC1Ev(void *) __attribute__((weak));
extern void _ZNSt8ios_base4InitD1Ev(void *) __attribute__((weak));
static char warm_streams[16];

/* The streams are flushed when the last of their Init objects is destroyed: the server's is
 * destroyed at each run's exit, after the program's own (registered before them, run after). */
static void warm_streams_end(void) {
    if (_ZNSt8ios_base4InitD1Ev) _ZNSt8ios_base4InitD1Ev(warm_streams);
}

__attribute__((used, section(".init_array.00101"))) static warm_init_fn warm_entry = warm_init;

static void warm_init(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    const char *fd = getenv(WARM_FD);
    if (!fd) return;
    int control = atoi(fd);
    unsetenv(WARM_FD);
    warm_init_fn *at = NULL;
    for (warm_init_fn *f = __init_array_start; f && f < __init_array_end; f++)
        if (*f == warm_init) at = f;
    /* Without our place among the constructors the rest cannot be run in order: no server. */
    if (!at) _exit(70);
    if (_ZNSt8ios_base4InitC1Ev) _ZNSt8ios_base4InitC1Ev(warm_streams);
    /* As the keeper leaves them for an exec'd program. */
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    int n = 0;
    char **args = warm_serve(control, NULL, NULL, NULL, &n);
    if (_ZNSt8ios_base4InitC1Ev) atexit(warm_streams_end);
    for (warm_init_fn *f = at + 1; f < __init_array_end; f++) (*f)(n, args, environ);
    exit(main(n, args, environ));
}
#endif
