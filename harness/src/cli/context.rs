//! The run's context and its exit status, the bottom of the command line: what every subcommand
//! writes to and knows of the run (`Ctx`, with standard output that ends quietly, `Stdout`), the
//! error that ends the program with a status (`Exit`), and the one place where a command's result
//! becomes the program's exit status and its error line (`exit_code`).

use std::io::Write;
use std::process::ExitCode;

/// An error that ends the program with a status.
pub struct Exit(pub u8, pub String);

impl From<anyhow::Error> for Exit {
    fn from(e: anyhow::Error) -> Self {
        Exit(2, format!("{e:#}"))
    }
}

impl From<std::io::Error> for Exit {
    fn from(e: std::io::Error) -> Self {
        Exit(2, e.to_string())
    }
}

/// The program's exit status for a command's result: its own status, or an error's, whose
/// message (when there is one) is printed first as `error: MESSAGE` on standard error.
pub(crate) fn exit_code(result: Result<u8, Exit>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Exit(code, msg)) => {
            if !msg.is_empty() {
                note!("error: {msg}");
            }
            ExitCode::from(code)
        }
    }
}

/// What every subcommand writes to and knows of the run.
pub(crate) struct Ctx<'a> {
    pub(crate) out: &'a mut Stdout,
    /// Colour in reports.
    pub(crate) colour: bool,
    /// The program's name, for the commands a report prints.
    pub(crate) program: &'static str,
}

/// Standard output that ends quietly when its reader goes away (`harness gen | head`): once a
/// write meets a closed pipe, every later write is dropped and the command finishes as usual, with
/// its own exit status.
pub struct Stdout {
    inner: std::io::BufWriter<std::io::Stdout>,
    closed: bool,
}

impl Stdout {
    pub fn new() -> Self {
        Stdout {
            inner: std::io::BufWriter::new(std::io::stdout()),
            closed: false,
        }
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            r => r,
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r,
        }
    }
}
