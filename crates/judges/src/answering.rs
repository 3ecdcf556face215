//! The loop every judge shares: read a count, then that many cases,
//! answer each, and report bad lines without losing the good ones.
//!
//! A [`Judge`] turns the lines of one case into its answer. The loop does
//! the rest: line numbers, trimming, CRLF, UTF-8, a [`Notice`] for each bad
//! line (`line N: reason`, which the front end shows as it likes), a
//! placeholder in the output where a case was bad (so output line i still
//! answers case i), and buffered output.
//!
//! The main thread reads the input in batches of cases and hands each batch
//! to a worker thread, one per core; answers and error lines are written
//! in input order as batches come back. A fixed number of batch buffers
//! circulate, so memory stays flat however long the input is.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};
use std::num::NonZero;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

use super::lines::{
    InputError, Lines, decode, decoded_lines, first_line_text, parse_count, start_of_last_lines,
};
use super::{Case, CaseError, Judge, Shape};
use congo_kit::text::{Count, utf8};
use congo_rules::KindsSeen;
use congo_rules::random::PieceSet;

/// The most input lines one case may take.
const MAX_CASE_LINES: usize = 2;

/// Why a line was not answered: the input's framing, or the judge's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Input(InputError),
    Case(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Input(error) => error.fmt(f),
            Problem::Case(reason) => f.write_str(reason),
        }
    }
}

/// A problem and the line (1-based, the count is line 1) it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub problem: Problem,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for LineError {}

/// What the loop says about the input besides the answers, for the front
/// end to show: a line it could not answer, or lines it did not read.
#[derive(Clone, Copy)]
pub enum Notice<'a> {
    /// A line that could not be answered: `line N: reason`.
    BadLine(&'a dyn fmt::Display),
    /// Lines (holding more than blanks) past the cases the count announced.
    Ignored {
        /// How many lines.
        lines: usize,
        /// How many cases the count announced.
        cases: usize,
        /// What the cases are called, in the plural.
        noun: &'static str,
    },
}

impl fmt::Display for Notice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::BadLine(error) => error.fmt(f),
            Notice::Ignored { lines, cases, noun } => write!(
                f,
                "ignored {} after the {} the count announced",
                Count(*lines, "line"),
                Count(*cases, noun.trim_end_matches('s'))
            ),
        }
    }
}

/// Where notices go: a front end's way of showing them.
pub type Notices<'a> = dyn FnMut(Notice<'_>) -> io::Result<()> + 'a;

/// How a run went: it is clean when every case was answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Input errors written to the error stream.
    pub errors: usize,
    /// The kinds of piece on the positions answered, for the warning
    /// that they look written for the other year's rules.
    pub kinds: KindsSeen,
}

impl Report {
    pub fn is_clean(self) -> bool {
        self.errors == 0
    }
}

/// How the input is split among threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// Worker threads answering batches.
    pub workers: usize,
    /// Input bytes in one batch (rounded up to whole lines).
    pub batch_bytes: usize,
    /// A person is typing: each case is answered and shown as soon as its
    /// lines are in, and nothing is read past the cases the count
    /// announced (so no end of input is needed).
    pub interactive: bool,
}

impl Default for Threads {
    /// One worker per core, batches large enough that handing them over
    /// costs little and small enough that memory stays low.
    fn default() -> Threads {
        Threads {
            workers: thread::available_parallelism().map_or(1, NonZero::get),
            batch_bytes: 1 << 16,
            interactive: false,
        }
    }
}

impl Threads {
    /// For a person at a terminal: one line a batch, answered at once.
    pub fn interactive() -> Threads {
        Threads {
            workers: 1,
            batch_bytes: 1,
            interactive: true,
        }
    }
}

/// Batches each worker may hold at once: one being answered, one waiting.
const BATCHES_PER_WORKER: usize = 2;

/// Answers every case of `input` with `judge`, writing answers to
/// `output` and handing each bad line to `notices`, with the work split
/// as `threads` says.
///
/// Only I/O failures are `Err` (and the judge's own, from
/// [`Judge::finish`]); bad input is counted in the [`Report`].
pub fn answer_all<J: Judge>(
    judge: &mut J,
    threads: Threads,
    input: impl BufRead,
    output: impl Write,
    notices: &mut Notices<'_>,
) -> io::Result<Report> {
    judge.prepare()?;
    let judge = &*judge;
    let shape = judge.shape();
    let mut writer = Writer {
        output: BufWriter::with_capacity(1 << 16, output),
        notices,
        report: Report::default(),
        answered_any: false,
        separator: shape.framing.separator(),
    };
    let mut lines = Lines::new(input);
    let noun = shape.case.noun();
    let Some(count) = read_count(&mut lines, &mut writer, noun)? else {
        return Ok(writer.report);
    };
    let mut reading = Reading {
        lines,
        threads,
        lines_per_case: shape.lines_per_case().clamp(1, MAX_CASE_LINES),
        count,
        noun,
        read_cases: 0,
        carry: Vec::new(),
        carry_lines: 0,
    };
    reading.answer_cases(judge, &mut writer)?;
    reading.say_the_rest(&mut writer)?;
    writer.output.flush()?;
    judge.finish()?;
    Ok(writer.report)
}

/// Reads the count of cases on the input's first line; none when there
/// is no count, once `writer` has said why.
fn read_count<R: BufRead, O: Write>(
    lines: &mut Lines<R>,
    writer: &mut Writer<'_, '_, O>,
    noun: &'static str,
) -> io::Result<Option<usize>> {
    let mut count_line = Vec::new();
    if !lines.append_line(&mut count_line)? {
        writer.fail(1, InputError::NoCount { noun })?;
        return Ok(None);
    }
    let count_text = decode(first_line_text(&count_line))
        .and_then(|line| utf8(line).map_err(InputError::NotUtf8));
    match count_text.and_then(|text| parse_count(text, noun)) {
        Ok(count) => Ok(Some(count)),
        Err(error) => {
            writer.fail(1, error)?;
            Ok(None)
        }
    }
}

/// The input's cases as the main thread reads them into batches: how
/// many the count announced, how many are read, and the lines of a case
/// that a batch's end cut in two, for the next batch.
struct Reading<R> {
    lines: Lines<R>,
    threads: Threads,
    lines_per_case: usize,
    count: usize,
    /// What the cases are called, in the plural.
    noun: &'static str,
    read_cases: usize,
    carry: Vec<u8>,
    carry_lines: usize,
}

impl<R: BufRead> Reading<R> {
    /// Reads the cases a batch at a time, has the workers answer each
    /// batch, and writes the answers in input order.
    fn answer_cases<J: Judge, O: Write>(
        &mut self,
        judge: &J,
        writer: &mut Writer<'_, '_, O>,
    ) -> io::Result<()> {
        thread::scope(|scope| -> io::Result<()> {
            let mut workers = Workers::spawn(scope, judge, self.threads.workers.max(1))?;
            while self.read_cases < self.count && !self.lines.ended {
                let (worker, mut batch) = workers.free_batch(writer)?;
                self.fill(&mut batch)?;
                if batch.cases == 0 {
                    workers.free.push((worker, batch));
                    continue;
                }
                workers.hand_over(worker, batch, self.threads.interactive, writer)?;
            }
            workers.write_in_flight(writer)
        })
    }

    /// Fills `batch` with the next whole cases' lines, the last case's
    /// lines carried to the next batch if its end cut them in two.
    fn fill(&mut self, batch: &mut Batch) -> io::Result<()> {
        batch.clear(self.lines.number + 1 - self.carry_lines, self.read_cases);
        batch.text.append(&mut self.carry);
        // Saturating: a count near the largest integer must not overflow.
        let wanted =
            (self.count - self.read_cases).saturating_mul(self.lines_per_case) - self.carry_lines;
        let read = self
            .lines
            .append_chunk(&mut batch.text, self.threads.batch_bytes, wanted)?;
        let total = self.carry_lines + read;
        batch.cases = total / self.lines_per_case;
        self.carry_lines = total % self.lines_per_case;
        let split = start_of_last_lines(&batch.text, self.carry_lines);
        self.carry.extend_from_slice(&batch.text[split..]);
        batch.text.truncate(split);
        self.read_cases += batch.cases;
        Ok(())
    }

    /// Says what the input held besides the cases read: the cases
    /// missing, or (unless a person is typing) lines past them.
    fn say_the_rest<O: Write>(&mut self, writer: &mut Writer<'_, '_, O>) -> io::Result<()> {
        if self.read_cases < self.count {
            let error = InputError::Missing {
                noun: self.noun,
                expected: self.count,
                found: self.read_cases,
            };
            writer.fail(self.lines.number + 1, error)?;
        } else if !self.threads.interactive {
            // Lines past the announced cases are not answered, but said.
            let extra = self.lines.count_nonblank_lines()?;
            if extra > 0 {
                writer.output.flush()?;
                (writer.notices)(Notice::Ignored {
                    lines: extra,
                    cases: self.count,
                    noun: self.noun,
                })?;
            }
        }
        Ok(())
    }
}

/// The worker threads as the main thread sees them: a channel to and
/// from each, the batch buffers free, and the workers holding batches
/// in the order they were handed them.
struct Workers {
    channels: Vec<(SyncSender<Batch>, Receiver<Batch>)>,
    /// Each free batch buffer remembers the worker it belongs to.
    free: Vec<(usize, Batch)>,
    in_flight: VecDeque<usize>,
}

impl Workers {
    /// Starts `workers` threads in `scope`, each answering with its own
    /// copy of `judge`, and gives each its batch buffers.
    fn spawn<'scope, J: Judge>(
        scope: &'scope thread::Scope<'scope, '_>,
        judge: &J,
        workers: usize,
    ) -> io::Result<Workers> {
        let mut channels = Vec::with_capacity(workers);
        for _ in 0..workers {
            let (to_worker, inbox) = sync_channel::<Batch>(BATCHES_PER_WORKER);
            let (outbox, from_worker) = sync_channel::<Batch>(BATCHES_PER_WORKER);
            let mut judge = judge.clone();
            thread::Builder::new()
                .spawn_scoped(scope, move || answer_batches(&mut judge, &inbox, &outbox))?;
            channels.push((to_worker, from_worker));
        }
        let free = (0..workers * BATCHES_PER_WORKER)
            .map(|i| (i % workers, Batch::default()))
            .collect();
        Ok(Workers {
            channels,
            free,
            in_flight: VecDeque::new(),
        })
    }

    /// A batch buffer to fill: a free one, or else the oldest in flight
    /// once its answers are back and written.
    fn free_batch<O: Write>(
        &mut self,
        writer: &mut Writer<'_, '_, O>,
    ) -> io::Result<(usize, Batch)> {
        if let Some(free) = self.free.pop() {
            return Ok(free);
        }
        let worker = self.in_flight.pop_front().ok_or_else(lost_worker)?;
        let batch = self.channels[worker].1.recv().map_err(|_| lost_worker())?;
        writer.write(&batch)?;
        Ok((worker, batch))
    }

    /// Hands `batch` to its `worker`; for a person typing, waits for its
    /// answers and shows them at once.
    fn hand_over<O: Write>(
        &mut self,
        worker: usize,
        batch: Batch,
        interactive: bool,
        writer: &mut Writer<'_, '_, O>,
    ) -> io::Result<()> {
        self.channels[worker]
            .0
            .send(batch)
            .map_err(|_| lost_worker())?;
        if interactive {
            let batch = self.channels[worker].1.recv().map_err(|_| lost_worker())?;
            writer.write(&batch)?;
            writer.output.flush()?;
            self.free.push((worker, batch));
            return Ok(());
        }
        self.in_flight.push_back(worker);
        Ok(())
    }

    /// Writes the answers of the batches still in flight, in order.
    fn write_in_flight<O: Write>(&mut self, writer: &mut Writer<'_, '_, O>) -> io::Result<()> {
        while let Some(worker) = self.in_flight.pop_front() {
            let batch = self.channels[worker].1.recv().map_err(|_| lost_worker())?;
            writer.write(&batch)?;
        }
        Ok(())
    }
}

fn lost_worker() -> io::Error {
    io::Error::other("a worker thread stopped")
}

/// Some cases' input lines, then their answers.
#[derive(Default)]
struct Batch {
    /// The input line number of the first line.
    first_line: usize,
    /// The index of the first case in the input.
    first_case: usize,
    /// The lines, each ending in `\n`.
    text: Vec<u8>,
    cases: usize,
    /// The answers, placeholders in the place of bad cases.
    output: Vec<u8>,
    /// The kinds of piece on these cases' positions.
    kinds: KindsSeen,
    /// Where in `output` the first answer starts, if any case was good.
    first_answer: Option<usize>,
    errors: Vec<LineError>,
}

impl Batch {
    fn clear(&mut self, first_line: usize, first_case: usize) {
        self.first_line = first_line;
        self.first_case = first_case;
        self.text.clear();
        self.cases = 0;
    }
}

/// A worker's life: answer each batch that comes in and send it back.
fn answer_batches<J: Judge>(judge: &mut J, inbox: &Receiver<Batch>, outbox: &SyncSender<Batch>) {
    for mut batch in inbox {
        answer_batch(judge, &mut batch);
        if outbox.send(batch).is_err() {
            break;
        }
    }
}

/// Answers a batch's cases straight into its output. A bad case's partial
/// answer is cut off again, and its placeholder written instead.
fn answer_batch<J: Judge>(judge: &mut J, batch: &mut Batch) {
    batch.output.clear();
    batch.errors.clear();
    batch.first_answer = None;
    let shape = judge.shape();
    let lines_per_case = shape.lines_per_case().clamp(1, MAX_CASE_LINES);
    let mut lines = decoded_lines(&batch.text);
    for case in 0..batch.cases {
        let mut read: [Result<&[u8], InputError>; MAX_CASE_LINES] = [Ok(&[]), Ok(&[])];
        for line in read.iter_mut().take(lines_per_case) {
            *line = lines.next().unwrap_or(Ok(&[]));
        }
        let start = batch.output.len();
        if batch.first_answer.is_some() {
            batch.output.extend_from_slice(shape.framing.separator());
        }
        let index = batch.first_case + case;
        match answer_case(judge, index, &read[..lines_per_case], &mut batch.output) {
            Ok(()) => {
                batch.first_answer.get_or_insert(start);
            }
            Err((line, problem)) => {
                batch.output.truncate(start);
                batch.output.extend_from_slice(shape.framing.placeholder());
                let first_line = batch.first_line + case * lines_per_case;
                batch.errors.push(LineError {
                    line: first_line + line,
                    problem,
                });
            }
        }
    }
    batch.kinds = judge.take_kinds();
}

/// Hands the lines of one case, as read, to the judge; a bad one's line
/// within the case (from 0) and the problem.
fn answer_case<J: Judge>(
    judge: &mut J,
    index: usize,
    read: &[Result<&[u8], InputError>],
    answer: &mut Vec<u8>,
) -> Result<(), (usize, Problem)> {
    let mut lines: [&[u8]; MAX_CASE_LINES] = [&[]; MAX_CASE_LINES];
    for (at, (line, read)) in lines.iter_mut().zip(read).enumerate() {
        *line = read.clone().map_err(|error| (at, Problem::Input(error)))?;
    }
    judge
        .answer(
            Case {
                index,
                lines: &lines[..read.len()],
            },
            answer,
        )
        .map_err(|CaseError { line, reason }| (line, Problem::Case(reason)))
}

/// Where answered batches go, in input order.
struct Writer<'n, 'a, O: Write> {
    output: BufWriter<O>,
    notices: &'n mut Notices<'a>,
    report: Report,
    /// Whether an answer was written yet, so separators go only between answers.
    answered_any: bool,
    separator: &'static [u8],
}

impl<O: Write> Writer<'_, '_, O> {
    fn write(&mut self, batch: &Batch) -> io::Result<()> {
        match batch.first_answer {
            Some(at) if self.answered_any => {
                self.output.write_all(&batch.output[..at])?;
                self.output.write_all(self.separator)?;
                self.output.write_all(&batch.output[at..])?;
            }
            _ => self.output.write_all(&batch.output)?,
        }
        self.answered_any |= batch.first_answer.is_some();
        self.report.kinds = self.report.kinds | batch.kinds;
        for error in &batch.errors {
            self.report.errors += 1;
            (self.notices)(Notice::BadLine(error))?;
        }
        Ok(())
    }

    fn fail(&mut self, line: usize, error: InputError) -> io::Result<()> {
        self.report.errors += 1;
        let problem = Problem::Input(error);
        (self.notices)(Notice::BadLine(&LineError { line, problem }))
    }
}

/// Any judge, its type erased: what the command line and the grading
/// tools hold. Every [`Judge`] is one.
pub trait AnyJudge: fmt::Debug + Send + Sync {
    /// See [`Judge::shape`].
    fn shape(&self) -> Shape;

    /// Answers every case of `input` on `output` ([`answer_all`]).
    fn answer_all(
        &mut self,
        threads: Threads,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
        notices: &mut Notices<'_>,
    ) -> io::Result<Report>;

    /// See [`Judge::checked_on`].
    fn checked_on(&self) -> Option<PieceSet>;

    /// See [`Judge::writes_files`].
    fn writes_files(&self) -> bool;

    /// A copy, to answer another input.
    fn boxed_clone(&self) -> Box<dyn AnyJudge>;
}

impl<J: Judge> AnyJudge for J {
    fn shape(&self) -> Shape {
        Judge::shape(self)
    }

    fn answer_all(
        &mut self,
        threads: Threads,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
        notices: &mut Notices<'_>,
    ) -> io::Result<Report> {
        answer_all(self, threads, input, output, notices)
    }

    fn checked_on(&self) -> Option<PieceSet> {
        Judge::checked_on(self)
    }

    fn writes_files(&self) -> bool {
        Judge::writes_files(self)
    }

    fn boxed_clone(&self) -> Box<dyn AnyJudge> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnswerKind, CaseKind, Framing, Shape};
    use congo_kit::text::MAX_LINE;

    /// Answers a case with its lines joined by `|`; a line reading `bad`
    /// is an error at that line.
    #[derive(Clone, Debug)]
    struct Echo<const LINES: usize>;

    impl<const LINES: usize> Judge for Echo<LINES> {
        fn shape(&self) -> Shape {
            Shape {
                case: if LINES == 2 {
                    CaseKind::PositionAndMove
                } else {
                    CaseKind::Position
                },
                framing: Framing::Block,
                answer: AnswerKind::Text,
            }
        }

        fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
            if let Some(bad) = case.lines.iter().position(|&line| line == b"bad") {
                return Err(CaseError::at(bad, "a bad line"));
            }
            out.extend_from_slice(&case.lines.join(&b'|'));
            out.push(b'\n');
            Ok(())
        }
    }

    /// What the loop answers, and (in the second string) reports, for
    /// `lines` after a count of `count`, worked out case by case without
    /// threads or batches; `interactive` as for a person.
    fn expected(
        lines: &[&str],
        count: usize,
        per_case: usize,
        interactive: bool,
    ) -> (String, String) {
        let mut output = String::new();
        let mut errors = String::new();
        let mut answered = false;
        for (case, chunk) in lines.chunks(per_case).take(count).enumerate() {
            if chunk.len() < per_case {
                break;
            }
            let first_line = 2 + case * per_case;
            let texts: Vec<&str> = chunk.iter().map(|line| line.trim_ascii()).collect();
            if let Some(i) = texts.iter().position(|text| text.len() > MAX_LINE) {
                errors += &format!(
                    "congo: line {}: line is longer than 4096 bytes\n",
                    first_line + i
                );
            } else if let Some(i) = texts.iter().position(|&text| text == "bad") {
                errors += &format!("congo: line {}: a bad line\n", first_line + i);
            } else {
                if answered {
                    output += "\n";
                }
                answered = true;
                output += &texts.join("|");
                output += "\n";
            }
        }
        // The error names the first line that is missing.
        let complete = (lines.len() / per_case).min(count);
        let noun = if per_case == 2 { "case" } else { "position" };
        if complete < count {
            errors += &format!(
                "congo: line {}: input ends after {complete} of {count} {noun}s\n",
                2 + lines.len()
            );
        }
        let extra = lines
            .iter()
            .skip(count * per_case)
            .filter(|line| !line.trim_ascii().is_empty())
            .count();
        if extra > 0 && !interactive {
            errors += &format!(
                "congo: ignored {} after the {} the count announced\n",
                Count(extra, "line"),
                Count(count, noun)
            );
        }
        (output, errors)
    }

    fn judge<J: Judge>(judge: &J, threads: Threads, input: &str) -> (String, String) {
        let mut judge = judge.clone();
        let mut output = Vec::new();
        let mut errors = String::new();
        let mut notices = |notice: Notice<'_>| {
            errors += &format!("congo: {notice}\n");
            Ok(())
        };
        answer_all(
            &mut judge,
            threads,
            input.as_bytes(),
            &mut output,
            &mut notices,
        )
        .unwrap();
        (String::from_utf8(output).unwrap(), errors)
    }

    fn lines() -> Vec<String> {
        let mut lines: Vec<String> = (0..40).map(|i| format!("case {i}")).collect();
        lines[3] = "bad".into();
        lines[4] = "bad".into();
        lines[17] = "  padded\r".into();
        lines[20] = "x".repeat(MAX_LINE + 10);
        lines[21] = "y".repeat(MAX_LINE);
        lines[29] = "bad".into();
        lines
    }

    fn every_split<J: Judge>(
        echo: &J,
        per_case: usize,
        count: usize,
        lines: &[String],
        last_newline: bool,
    ) {
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let mut input = format!("{count}\n{}", refs.join("\n"));
        if last_newline {
            input.push('\n');
        }
        let want = expected(&refs, count, per_case, false);
        for workers in [1, 2, 3] {
            for batch_bytes in [1, 5, 50, 300, MAX_LINE * 3, 1 << 16] {
                let threads = Threads {
                    workers,
                    batch_bytes,
                    interactive: false,
                };
                assert_eq!(judge(echo, threads, &input), want, "{threads:?}");
            }
        }
        let want = expected(&refs, count, per_case, true);
        assert_eq!(judge(echo, Threads::interactive(), &input), want);
    }

    #[test]
    fn batches_keep_every_answer_and_error_in_order() {
        let lines = lines();
        every_split(&Echo::<1>, 1, 40, &lines, true);
        every_split(&Echo::<1>, 1, 40, &lines, false);
        every_split(&Echo::<1>, 1, 25, &lines, true);
        every_split(&Echo::<1>, 1, 55, &lines, true);
    }

    #[test]
    fn two_line_cases_are_never_split_between_batches() {
        let lines = lines();
        every_split(&Echo::<2>, 2, 20, &lines, true);
        every_split(&Echo::<2>, 2, 13, &lines, false);
        every_split(&Echo::<2>, 2, 21, &lines, true);
        every_split(&Echo::<2>, 2, 20, &lines[..39], true);
    }

    #[test]
    fn a_huge_line_is_skipped_without_holding_it() {
        let input = format!("2\n{}\nok\n", "z".repeat(50 * MAX_LINE));
        let (output, errors) = judge(&Echo::<1>, Threads::default(), &input);
        assert_eq!(output, "ok\n");
        assert_eq!(errors, "congo: line 2: line is longer than 4096 bytes\n");
    }

    /// Answers each case with its index.
    #[derive(Clone, Debug, Default)]
    struct Indexed;

    impl Judge for Indexed {
        fn shape(&self) -> Shape {
            Shape::line_per_position(AnswerKind::Number)
        }

        fn answer(&mut self, case: Case<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
            out.extend_from_slice(format!("{}\n", case.index).as_bytes());
            Ok(())
        }
    }

    #[test]
    fn judges_learn_each_case_index_across_batches() {
        let input = format!("30\n{}", "line\n".repeat(30));
        let want: String = (0..30).map(|i| format!("{i}\n")).collect();
        for workers in [1, 3] {
            for batch_bytes in [1, 7, 1 << 16] {
                let threads = Threads {
                    workers,
                    batch_bytes,
                    interactive: false,
                };
                assert_eq!(
                    judge(&Indexed, threads, &input),
                    (want.clone(), String::new())
                );
            }
        }
    }
}
