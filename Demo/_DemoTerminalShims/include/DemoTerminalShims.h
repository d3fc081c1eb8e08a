// Portable system calls for the demo program: file descriptors, the terminal's raw mode,
// its size, signals, and pseudo-terminals for the end-to-end tests.
//
// termios, openpty and friends live in different headers on Darwin (<util.h>) and Glibc
// (<pty.h>), and errno is awkward to read from Swift, so the Swift side only ever calls these
// small wrappers, which return -1 on failure and describe the last error with demo_last_error.
#ifndef DEMO_TERMINAL_SHIMS_H
#define DEMO_TERMINAL_SHIMS_H

#include <stddef.h>

// MARK: File descriptors

/// 1 when `fd` is a terminal.
int demo_isatty(int fd);
/// Reads up to `count` bytes; returns the count, 0 at end of file, -1 on error, -2 when a
/// signal interrupted the call.
long demo_read(int fd, void *buffer, size_t count);
/// Writes all `count` bytes, retrying after partial writes and signals; 0 or -1.
int demo_write_all(int fd, const void *buffer, size_t count);
/// Waits until `fd` is readable: 1 readable (or hung up), 0 timed out, -1 error, -2 a signal
/// interrupted the wait. A negative `timeout_ms` waits without limit.
int demo_poll_readable(int fd, int timeout_ms);
/// Opens a file for reading; the descriptor or -1.
int demo_open_read(const char *path);
int demo_close(int fd);
/// The description of the last failed call's errno.
const char *demo_last_error(void);
/// Ends the process with `status`, running atexit handlers.
void demo_exit(int status) __attribute__((noreturn));

// MARK: Terminal

/// The window size of the terminal on `fd`; 0 and both values set, or -1.
int demo_window_size(int fd, int *rows, int *columns);
/// Saves the terminal mode of `in_fd`, switches it to raw mode, writes `enter` to `out_fd`, and
/// arranges for demo_terminal_leave to run at exit and on fatal signals (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE). Also counts SIGWINCH.
/// 0 or -1 (the terminal is left untouched on failure).
int demo_terminal_enter(int in_fd, int out_fd, const char *enter, const char *leave);
/// Writes the `leave` sequence and restores the saved mode. Idempotent, async-signal-safe.
void demo_terminal_leave(void);
/// 1 when the window was resized since the last call.
int demo_take_resize(void);
/// From the next demo_terminal_enter on, SIGINT, SIGTERM and SIGHUP no longer end the process
/// at once: they interrupt the wait for a key and demo_pending_termination reports them, so the
/// program can save its work, leave the terminal and then die of the signal with
/// demo_die_of_signal. The other fatal signals still restore the terminal and end it at once.
void demo_defer_termination(void);
/// The deferred signal received, or 0.
int demo_pending_termination(void);
/// Restores the terminal and ends the process by `signal_number`, with its default action.
void demo_die_of_signal(int signal_number) __attribute__((noreturn));

// MARK: Child processes (used by the end-to-end tests)

/// Starts `argv[0]` with stdin, stdout and stderr on new pipes. 0 or -1.
int demo_spawn_piped(
  char *const argv[], int *stdin_fd, int *stdout_fd, int *stderr_fd, int *pid);
/// Starts `argv[0]` in a new session whose controlling terminal is a new pseudo-terminal of
/// `rows` x `columns`. The caller gets the master and keeps a descriptor of the slave, so it can
/// read the terminal's mode after the child is gone; `mode_before` receives the mode before the
/// child starts (see demo_terminal_mode). 0 or -1.
int demo_spawn_in_pty(
  char *const argv[], int rows, int columns, int *master_fd, int *slave_fd, int *pid,
  unsigned long mode_before[6]);
/// Without blocking: 1 when the child exited (status set to its exit code, or 128 + signal),
/// 0 while it runs, -1 on error.
int demo_try_wait(int pid, int *status);
/// Waits for the child to exit; its exit code (or 128 + signal), or -1 on error.
int demo_wait(int pid);
/// Sends SIGKILL to `pid`.
int demo_kill(int pid);
/// Sends SIGTERM to `pid`.
int demo_terminate(int pid);
/// The terminal mode of `fd` as six numbers (the four flag words, VMIN and VTIME). 0 or -1.
int demo_terminal_mode(int fd, unsigned long mode[6]);

#endif
