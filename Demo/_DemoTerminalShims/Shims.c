#include "DemoTerminalShims.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <util.h>
#else
#include <pty.h>
#endif

// MARK: File descriptors

int demo_isatty(int fd) { return isatty(fd); }

long demo_read(int fd, void *buffer, size_t count) {
  ssize_t n = read(fd, buffer, count);
  if (n < 0) return errno == EINTR ? -2 : -1;
  return (long)n;
}

int demo_write_all(int fd, const void *buffer, size_t count) {
  const char *bytes = buffer;
  while (count > 0) {
    ssize_t n = write(fd, bytes, count);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    bytes += n;
    count -= (size_t)n;
  }
  return 0;
}

// The signal handlers write a byte here, and the wait for a key watches it: a signal may be
// delivered to any of the program's threads, not only the one waiting, so an interrupted
// poll alone would miss it. Both ends are non-blocking; -1 until the terminal is entered.
static int wake_pipe[2] = {-1, -1};

static void wake_waiter(void) {
  if (wake_pipe[1] < 0) return;
  int saved_errno = errno;
  char byte = 1;
  ssize_t ignored = write(wake_pipe[1], &byte, 1);  // a full pipe is awake already
  (void)ignored;
  errno = saved_errno;
}

int demo_poll_readable(int fd, int timeout_ms) {
  struct pollfd entries[2] = {
    {.fd = fd, .events = POLLIN, .revents = 0},
    {.fd = wake_pipe[0], .events = POLLIN, .revents = 0},
  };
  int result = poll(entries, wake_pipe[0] < 0 ? 1 : 2, timeout_ms);
  if (result < 0) return errno == EINTR ? -2 : -1;
  if (wake_pipe[0] >= 0 && entries[1].revents != 0) {
    char bytes[64];
    while (read(wake_pipe[0], bytes, sizeof bytes) > 0) {}
    return -2;
  }
  return result > 0 ? 1 : 0;
}

int demo_open_read(const char *path) { return open(path, O_RDONLY | O_CLOEXEC); }

int demo_close(int fd) { return close(fd); }
const char *demo_last_error(void) { return strerror(errno); }
void demo_exit(int status) { exit(status); }

// MARK: Terminal

int demo_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// The saved state lives in plain globals so the signal handlers can reach it.
static struct termios saved_mode;
static int saved_in_fd = -1;
static int saved_out_fd = -1;
static char *leave_sequence = NULL;
static size_t leave_length = 0;
static volatile sig_atomic_t is_entered = 0;
static volatile sig_atomic_t resize_count = 0;
static int atexit_registered = 0;

static const int fatal_signals[] = {
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
};

void demo_terminal_leave(void) {
  if (!is_entered) return;
  is_entered = 0;
  // Only async-signal-safe calls: write and tcsetattr.
  if (leave_sequence != NULL) {
    const char *bytes = leave_sequence;
    size_t count = leave_length;
    while (count > 0) {
      ssize_t n = write(saved_out_fd, bytes, count);
      if (n < 0) {
        if (errno == EINTR) continue;
        break;
      }
      bytes += n;
      count -= (size_t)n;
    }
  }
  tcsetattr(saved_in_fd, TCSAFLUSH, &saved_mode);
}

static void on_fatal_signal(int signal_number) {
  int saved_errno = errno;
  demo_terminal_leave();
  // Die of the same signal, so the parent sees what happened.
  signal(signal_number, SIG_DFL);
  errno = saved_errno;
  raise(signal_number);
}

static volatile sig_atomic_t defers_termination = 0;
static volatile sig_atomic_t pending_termination = 0;

static void on_deferred_signal(int signal_number) {
  pending_termination = signal_number;
  wake_waiter();
}

void demo_defer_termination(void) { defers_termination = 1; }

int demo_pending_termination(void) { return pending_termination; }

void demo_die_of_signal(int signal_number) {
  demo_terminal_leave();
  signal(signal_number, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  raise(signal_number);
  _exit(128 + signal_number);
}

static void on_resize(int signal_number) {
  (void)signal_number;
  resize_count = resize_count + 1;
  wake_waiter();
}

static void on_exit_handler(void) { demo_terminal_leave(); }

int demo_terminal_enter(int in_fd, int out_fd, const char *enter, const char *leave) {
  if (is_entered) return 0;
  struct termios mode;
  if (tcgetattr(in_fd, &mode) != 0) return -1;
  saved_mode = mode;
  saved_in_fd = in_fd;
  saved_out_fd = out_fd;
  free(leave_sequence);
  leave_length = strlen(leave);
  leave_sequence = malloc(leave_length + 1);
  if (leave_sequence == NULL) return -1;
  memcpy(leave_sequence, leave, leave_length + 1);

  struct termios raw = mode;
  raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  raw.c_oflag &= ~(tcflag_t)(OPOST);
  raw.c_cflag |= CS8;
  raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  if (tcsetattr(in_fd, TCSAFLUSH, &raw) != 0) return -1;
  is_entered = 1;

  if (wake_pipe[0] < 0 && pipe(wake_pipe) == 0) {
    for (int i = 0; i < 2; i++) {
      fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
      fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
    }
  }

  if (!atexit_registered) {
    atexit(on_exit_handler);
    atexit_registered = 1;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_fatal_signal;
  action.sa_flags = SA_RESETHAND;
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    sigaction(fatal_signals[i], &action, NULL);
  }
  if (defers_termination) {
    // The handler wakes the wait for a key (wake_pipe), so the loop sees the signal at once.
    struct sigaction deferred;
    memset(&deferred, 0, sizeof deferred);
    sigemptyset(&deferred.sa_mask);
    deferred.sa_handler = on_deferred_signal;
    sigaction(SIGINT, &deferred, NULL);
    sigaction(SIGTERM, &deferred, NULL);
    sigaction(SIGHUP, &deferred, NULL);
  }
  // A parent may have blocked some of these signals; the restore must run whatever they are.
  sigset_t fatal_set;
  sigemptyset(&fatal_set);
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    sigaddset(&fatal_set, fatal_signals[i]);
  }
  pthread_sigmask(SIG_UNBLOCK, &fatal_set, NULL);
  // The handler wakes the wait for a key (wake_pipe), so the screen is redrawn at once.
  struct sigaction resize;
  memset(&resize, 0, sizeof resize);
  sigemptyset(&resize.sa_mask);
  resize.sa_handler = on_resize;
  sigaction(SIGWINCH, &resize, NULL);

  if (demo_write_all(out_fd, enter, strlen(enter)) != 0) {
    demo_terminal_leave();
    return -1;
  }
  return 0;
}

int demo_take_resize(void) {
  if (resize_count == 0) return 0;
  resize_count = 0;
  return 1;
}

// MARK: Child processes

/// In the child between fork and exec: close every descriptor above stderr, so the child does
/// not keep other tests' pipes open.
static void close_inherited_descriptors(void) {
  for (int fd = 3; fd < 1024; fd++) close(fd);
}

/// In the child between fork and exec: the forking thread may block signals (test runners'
/// threads often do) and exec keeps the mask, so start the program with none blocked.
static void unblock_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
}

int demo_spawn_piped(
  char *const argv[], int *stdin_fd, int *stdout_fd, int *stderr_fd, int *pid) {
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) != 0) return -1;
  if (pipe(out_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return -1;
  }
  if (pipe(err_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    return -1;
  }
  pid_t child = fork();
  if (child < 0) {
    int pipes[6] = {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]};
    for (int i = 0; i < 6; i++) close(pipes[i]);
    return -1;
  }
  if (child == 0) {
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    close_inherited_descriptors();
    unblock_signals();
    execv(argv[0], argv);
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  *stdin_fd = in_pipe[1];
  *stdout_fd = out_pipe[0];
  *stderr_fd = err_pipe[0];
  *pid = child;
  return 0;
}

int demo_spawn_in_pty(
  char *const argv[], int rows, int columns, int *master_fd, int *slave_fd, int *pid,
  unsigned long mode_before[6]) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = (unsigned short)rows;
  size.ws_col = (unsigned short)columns;
  int master, slave;
  if (openpty(&master, &slave, NULL, NULL, &size) != 0) return -1;
  if (demo_terminal_mode(slave, mode_before) != 0) {
    close(master);
    close(slave);
    return -1;
  }
  pid_t child = fork();
  if (child < 0) {
    close(master);
    close(slave);
    return -1;
  }
  if (child == 0) {
    setsid();
    ioctl(slave, TIOCSCTTY, 0);
    dup2(slave, 0);
    dup2(slave, 1);
    dup2(slave, 2);
    close_inherited_descriptors();
    unblock_signals();
    execv(argv[0], argv);
    _exit(127);
  }
  *master_fd = master;
  *slave_fd = slave;
  *pid = child;
  return 0;
}

int demo_try_wait(int pid, int *status) {
  int raw_status = 0;
  pid_t result = waitpid((pid_t)pid, &raw_status, WNOHANG);
  if (result < 0) return -1;
  if (result == 0) return 0;
  if (WIFEXITED(raw_status)) {
    *status = WEXITSTATUS(raw_status);
  } else if (WIFSIGNALED(raw_status)) {
    *status = 128 + WTERMSIG(raw_status);
  } else {
    *status = -1;
  }
  return 1;
}

int demo_wait(int pid) {
  int raw_status = 0;
  while (waitpid((pid_t)pid, &raw_status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(raw_status)) return WEXITSTATUS(raw_status);
  if (WIFSIGNALED(raw_status)) return 128 + WTERMSIG(raw_status);
  return -1;
}

int demo_kill(int pid) { return kill((pid_t)pid, SIGKILL); }
int demo_terminate(int pid) { return kill((pid_t)pid, SIGTERM); }

int demo_terminal_mode(int fd, unsigned long mode[6]) {
  struct termios current;
  if (tcgetattr(fd, &current) != 0) return -1;
  mode[0] = (unsigned long)current.c_iflag;
  mode[1] = (unsigned long)current.c_oflag;
  mode[2] = (unsigned long)current.c_cflag;
  mode[3] = (unsigned long)current.c_lflag;
  mode[4] = (unsigned long)current.c_cc[VMIN];
  mode[5] = (unsigned long)current.c_cc[VTIME];
  return 0;
}
