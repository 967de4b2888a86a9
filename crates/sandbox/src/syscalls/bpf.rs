//! A seccomp filter compiled for speed of attaching: the call number is found by halves
//! (a binary search over the ranges of numbers that get the same answer), not by a chain
//! of comparisons, one per listed call.
//!
//! Why it matters: the kernel pays for a filter when it is attached, in the child before
//! every `exec`: it runs the filter once per call number to learn which calls it can
//! allow without running it again. A chain of ~400 comparisons makes that a large share
//! of a short run; a search of ~9 comparisons does not. After attaching, an allowed call
//! without an argument check costs nothing (the kernel's per-number cache) either way.
//!
//! The program: check the architecture (anything else is killed: an i386 call through
//! `int $0x80` on x86_64 never reaches the list), refuse the numbers of another ABI (x32),
//! search the number, and answer: allow, an error number, or, for the few calls allowed
//! only with certain arguments, check those.

use std::collections::{BTreeMap, BTreeSet};

/// One instruction of a classic BPF program, as the kernel reads it.
pub type Instruction = libc::sock_filter;

const LOAD_WORD: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_IF_EQUAL: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_IF_AT_LEAST: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JUMP: u16 = 0x05; // BPF_JMP | BPF_JA
const AND: u16 = 0x54; // BPF_ALU | BPF_AND | BPF_K
const RETURN: u16 = 0x06; // BPF_RET | BPF_K

const RET_ALLOW: u32 = 0x7fff_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_KILL_PROCESS: u32 = 0x8000_0000;

/// Offsets in the kernel's `struct seccomp_data`.
const NUMBER_OFFSET: u32 = 0;
const ARCH_OFFSET: u32 = 4;
const ARGS_OFFSET: u32 = 16;

/// What a call gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Allow,
    /// Refused with this error number.
    Errno(u32),
}

/// One test on an argument: `(argument & mask) == value`, on its low 32 bits or all 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Condition {
    pub argument: u8,
    pub mask: u64,
    pub value: u64,
    pub wide: bool,
}

impl Condition {
    fn holds(&self, value: u64) -> bool {
        let value = if self.wide {
            value
        } else {
            value & 0xffff_ffff
        };
        value & self.mask == self.value
    }
}

/// A whole policy: the answer for each listed number, calls allowed only when one of their
/// rules (each a list of conditions that must all hold) does, and the answer to the rest.
#[derive(Debug, Clone)]
pub struct Policy {
    /// `AUDIT_ARCH_*` of the calls this policy is for.
    pub arch: u32,
    /// Numbers at or above this belong to another ABI (x32 on x86_64) and are refused.
    pub foreign_from: u32,
    pub answers: BTreeMap<u32, Answer>,
    pub conditional: BTreeMap<u32, Vec<Vec<Condition>>>,
    /// The answer to a number neither listed nor conditional (below `foreign_from`).
    pub unlisted: Answer,
    /// The error number of a refused call: a conditional call whose rules all fail, and
    /// every number of the other ABI.
    pub otherwise: u32,
}

impl Policy {
    /// What the policy answers, decided directly (the tests' reference for the program).
    pub fn decide(&self, number: u32, args: &[u64; 6]) -> Answer {
        if number >= self.foreign_from {
            return Answer::Errno(self.otherwise);
        }
        if let Some(rules) = self.conditional.get(&number) {
            let allowed = rules.iter().any(|rule| {
                rule.iter()
                    .all(|condition| condition.holds(args[usize::from(condition.argument)]))
            });
            return if allowed {
                Answer::Allow
            } else {
                Answer::Errno(self.otherwise)
            };
        }
        self.answers.get(&number).copied().unwrap_or(self.unlisted)
    }

    /// The policy cut in two filters that together answer as it does: the first for the
    /// spawner, attached once, which also allows `spawner_calls` (the spawner's own work
    /// between runs); the second for each run's child, attached on top of the first,
    /// which answers `spawner_calls` as this policy does and allows everything else.
    ///
    /// Stacked, the kernel takes the strictest answer of the two (and, of two refusals,
    /// the later filter's error number): for a spawner call the second decides, for any
    /// other the first, so every call gets this policy's answer. The second is a few
    /// dozen instructions: what a child pays for before each `exec` is small.
    pub fn split(&self, spawner_calls: &[u32]) -> (Policy, Policy) {
        let mut spawner = self.clone();
        let mut run = Policy {
            answers: BTreeMap::new(),
            conditional: BTreeMap::new(),
            unlisted: Answer::Allow,
            ..self.clone()
        };
        for &number in spawner_calls {
            match self.conditional.get(&number) {
                Some(rules) => {
                    run.conditional.insert(number, rules.clone());
                }
                None => {
                    let answer = self.answers.get(&number).copied().unwrap_or(self.unlisted);
                    run.answers.insert(number, answer);
                }
            }
            spawner.conditional.remove(&number);
            spawner.answers.insert(number, Answer::Allow);
        }
        (spawner, run)
    }
}

/// What the kernel answers a call with, given the answers (`SECCOMP_RET_*` values) of two
/// filters a process holds, `first` attached before `later`: the stricter action (compared
/// as signed numbers, so a kill is the strictest), and of two alike the later filter's.
/// The tests' model of stacking.
pub fn stacked(first: u32, later: u32) -> u32 {
    let action = |answer: u32| (answer & 0xffff_0000) as i32;
    if action(first) < action(later) {
        first
    } else {
        later
    }
}

/// What a range of numbers leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Leaf {
    Answer(Answer),
    /// A conditional call: its number, whose rules decide.
    Rules(u32),
}

/// An instruction whose jump targets are labels, resolved at the end.
enum Pending {
    Fixed(Instruction),
    /// Jump to the label.
    Jump(usize),
    /// `if (A >= k)` jump to the label, else go on.
    IfAtLeast(u32, usize),
    /// `if (A == k)` go on, else jump to the label.
    UnlessEqual(u32, usize),
    Label(usize),
}

fn instruction(code: u16, k: u32) -> Instruction {
    Instruction {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn answer(answer: Answer) -> Instruction {
    match answer {
        Answer::Allow => instruction(RETURN, RET_ALLOW),
        Answer::Errno(errno) => instruction(RETURN, RET_ERRNO | (errno & 0xffff)),
    }
}

/// Compiles `policy` into a program for `seccomp(SECCOMP_SET_MODE_FILTER)`.
pub fn compile(policy: &Policy) -> Vec<Instruction> {
    let mut out = Assembler::default();
    out.fixed(instruction(LOAD_WORD, ARCH_OFFSET));
    let right_arch = out.label();
    out.push(Pending::UnlessEqual(policy.arch, right_arch.0));
    // Equal: skip the kill.
    let kill_done = out.label();
    out.push(Pending::Jump(kill_done.0));
    out.place(right_arch);
    out.fixed(instruction(RETURN, RET_KILL_PROCESS));
    out.place(kill_done);
    out.fixed(instruction(LOAD_WORD, NUMBER_OFFSET));
    let ranges = ranges(policy);
    search(&mut out, &ranges, policy);
    out.resolve()
}

/// The number line cut into ranges with one leaf each, from 0 to `u32::MAX`.
fn ranges(policy: &Policy) -> Vec<(u32, Leaf)> {
    let unlisted = Leaf::Answer(policy.unlisted);
    let foreign = Leaf::Answer(Answer::Errno(policy.otherwise));
    let mut points: BTreeSet<u32> = BTreeSet::new();
    for &number in policy.answers.keys().chain(policy.conditional.keys()) {
        if number < policy.foreign_from {
            points.insert(number);
        }
    }
    let leaf_of = |number: u32| -> Leaf {
        if policy.conditional.contains_key(&number) {
            Leaf::Rules(number)
        } else {
            policy
                .answers
                .get(&number)
                .map_or(unlisted.clone(), |&answer| Leaf::Answer(answer))
        }
    };
    let mut cuts: Vec<(u32, Leaf)> = vec![(0, unlisted.clone())];
    for number in points {
        let leaf = leaf_of(number);
        let push = |cuts: &mut Vec<(u32, Leaf)>, start: u32, leaf: Leaf| match cuts.last_mut() {
            Some(last) if last.0 == start => last.1 = leaf,
            _ => cuts.push((start, leaf)),
        };
        push(&mut cuts, number, leaf);
        if number + 1 < policy.foreign_from {
            push(&mut cuts, number + 1, unlisted.clone());
        }
    }
    // Merge neighbours with the same answer (never two conditional calls).
    let mut merged: Vec<(u32, Leaf)> = Vec::new();
    for (start, leaf) in cuts {
        if merged
            .last()
            .is_some_and(|(_, last)| *last == leaf && matches!(leaf, Leaf::Answer(_)))
        {
            continue;
        }
        merged.push((start, leaf));
    }
    // The last range runs to the end of the numbers: the other ABI's are refused.
    if merged.last().is_some_and(|(_, leaf)| *leaf != foreign) {
        merged.push((policy.foreign_from, foreign));
    }
    merged
}

/// Emits the search over `ranges` (the accumulator holds the number).
fn search(out: &mut Assembler, ranges: &[(u32, Leaf)], policy: &Policy) {
    if ranges.len() == 1 {
        match &ranges[0].1 {
            Leaf::Answer(value) => out.fixed(answer(*value)),
            Leaf::Rules(number) => rules(out, &policy.conditional[number], policy.otherwise),
        }
        return;
    }
    let middle = ranges.len() / 2;
    let upper = out.label();
    // number >= start of the upper half: jump there; otherwise fall into the lower half.
    out.push(Pending::IfAtLeast(ranges[middle].0, upper.0));
    search(out, &ranges[..middle], policy);
    out.place(upper);
    search(out, &ranges[middle..], policy);
}

/// Emits the check of a conditional call's rules: allow at the first rule that holds,
/// refuse after the last.
fn rules(out: &mut Assembler, rules: &[Vec<Condition>], otherwise: u32) {
    for rule in rules {
        let next_rule = out.label();
        for condition in rule {
            let words: &[(u32, u32, u32)] = &[
                (0, condition.mask as u32, condition.value as u32),
                (
                    4,
                    (condition.mask >> 32) as u32,
                    (condition.value >> 32) as u32,
                ),
            ];
            let count = if condition.wide { 2 } else { 1 };
            for &(offset, mask, value) in &words[..count] {
                let at = ARGS_OFFSET + 8 * u32::from(condition.argument) + offset;
                out.fixed(instruction(LOAD_WORD, at));
                out.fixed(instruction(AND, mask));
                out.push(Pending::UnlessEqual(value, next_rule.0));
            }
        }
        out.fixed(answer(Answer::Allow));
        out.place(next_rule);
    }
    out.fixed(answer(Answer::Errno(otherwise)));
}

/// A label: where an instruction will be, once placed.
#[derive(Clone, Copy)]
struct Label(usize);

#[derive(Default)]
struct Assembler {
    pending: Vec<Pending>,
    labels: usize,
}

impl Assembler {
    fn label(&mut self) -> Label {
        self.labels += 1;
        Label(self.labels - 1)
    }

    fn place(&mut self, label: Label) {
        self.pending.push(Pending::Label(label.0));
    }

    fn fixed(&mut self, instruction: Instruction) {
        self.pending.push(Pending::Fixed(instruction));
    }

    fn push(&mut self, pending: Pending) {
        self.pending.push(pending);
    }

    /// Lays the instructions out and points every jump at its label.
    ///
    /// A conditional jump reaches at most 255 instructions ahead: one that reaches its
    /// label is a single instruction, one that does not becomes two (the condition
    /// reversed over an unconditional jump). Lengthening a jump moves labels further, so
    /// the layout is redone until no jump has to lengthen. Fewer instructions make the
    /// filter cheaper to attach: the kernel translates and compiles each one in every
    /// child.
    fn resolve(self) -> Vec<Instruction> {
        let mut long = vec![false; self.pending.len()];
        let position = loop {
            let (position, at_of) = self.layout(&long);
            let mut lengthened = false;
            for (index, pending) in self.pending.iter().enumerate() {
                if let Pending::IfAtLeast(_, label) | Pending::UnlessEqual(_, label) = *pending {
                    if !long[index] && position[label] - at_of[index] - 1 > usize::from(u8::MAX) {
                        long[index] = true;
                        lengthened = true;
                    }
                }
            }
            if !lengthened {
                break position;
            }
        };
        let mut program = Vec::new();
        for (index, pending) in self.pending.iter().enumerate() {
            let conditional = |code: u16, value: u32, label: usize, jump_if_true: bool| {
                let at = program.len();
                let mut emitted = Vec::new();
                let offset = position[label] - at - 1;
                if long[index] {
                    let (jt, jf) = if jump_if_true { (0, 1) } else { (1, 0) };
                    emitted.push(Instruction {
                        code,
                        jt,
                        jf,
                        k: value,
                    });
                    let offset = position[label] - at - 2;
                    emitted.push(instruction(JUMP, offset as u32));
                } else {
                    let near = u8::try_from(offset).unwrap_or(u8::MAX);
                    let (jt, jf) = if jump_if_true { (near, 0) } else { (0, near) };
                    emitted.push(Instruction {
                        code,
                        jt,
                        jf,
                        k: value,
                    });
                }
                emitted
            };
            match *pending {
                Pending::Label(_) => {}
                Pending::Fixed(instruction) => program.push(instruction),
                Pending::Jump(label) => {
                    let offset = position[label] - program.len() - 1;
                    program.push(instruction(JUMP, offset as u32));
                }
                Pending::IfAtLeast(value, label) => {
                    let emitted = conditional(JUMP_IF_AT_LEAST, value, label, true);
                    program.extend(emitted);
                }
                Pending::UnlessEqual(value, label) => {
                    let emitted = conditional(JUMP_IF_EQUAL, value, label, false);
                    program.extend(emitted);
                }
            }
        }
        program
    }

    /// Where each label and each pending instruction lands, given which conditional
    /// jumps are long.
    fn layout(&self, long: &[bool]) -> (Vec<usize>, Vec<usize>) {
        let mut position = vec![0usize; self.labels];
        let mut at_of = vec![0usize; self.pending.len()];
        let mut at = 0usize;
        for (index, pending) in self.pending.iter().enumerate() {
            at_of[index] = at;
            match pending {
                Pending::Label(label) => position[*label] = at,
                Pending::Fixed(_) | Pending::Jump(_) => at += 1,
                Pending::IfAtLeast(..) | Pending::UnlessEqual(..) => {
                    at += if long[index] { 2 } else { 1 };
                }
            }
        }
        (position, at_of)
    }
}

/// Runs `program` on a call, as the kernel would (only the instructions [`compile`]
/// emits): the tests' way to compare the program with [`Policy::decide`].
pub fn run(program: &[Instruction], arch: u32, number: u32, args: &[u64; 6]) -> u32 {
    run_counting(program, arch, number, args).0
}

/// As [`run`], with the number of instructions run.
fn run_counting(program: &[Instruction], arch: u32, number: u32, args: &[u64; 6]) -> (u32, usize) {
    let mut steps = 0;
    let mut data = [0u8; 64];
    data[0..4].copy_from_slice(&number.to_le_bytes());
    data[4..8].copy_from_slice(&arch.to_le_bytes());
    for (index, arg) in args.iter().enumerate() {
        let at = ARGS_OFFSET as usize + 8 * index;
        data[at..at + 8].copy_from_slice(&arg.to_le_bytes());
    }
    let mut accumulator = 0u32;
    let mut pc = 0usize;
    loop {
        let Instruction { code, jt, jf, k } = program[pc];
        pc += 1;
        steps += 1;
        match code {
            LOAD_WORD => {
                let at = k as usize;
                accumulator = u32::from_le_bytes(data[at..at + 4].try_into().unwrap_or_default());
            }
            AND => accumulator &= k,
            JUMP => pc += k as usize,
            JUMP_IF_EQUAL => pc += usize::from(if accumulator == k { jt } else { jf }),
            JUMP_IF_AT_LEAST => pc += usize::from(if accumulator >= k { jt } else { jf }),
            RETURN => return (k, steps),
            other => panic!("instruction {other:#x} is not one this compiler emits"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARCH: u32 = 0xc000_003e;

    fn policy() -> Policy {
        let mut answers = BTreeMap::new();
        for number in [0, 1, 2, 3, 9, 10, 11, 60, 231, 334] {
            answers.insert(number, Answer::Allow);
        }
        answers.insert(425, Answer::Errno(38));
        answers.insert(435, Answer::Errno(38));
        let mut conditional = BTreeMap::new();
        let no_namespace = Condition {
            argument: 0,
            mask: 0x7e02_0000,
            value: 0,
            wide: true,
        };
        conditional.insert(56, vec![vec![no_namespace]]);
        let self_only = Condition {
            argument: 0,
            mask: u64::MAX,
            value: 0,
            wide: true,
        };
        conditional.insert(302, vec![vec![self_only]]);
        let unix = Condition {
            argument: 0,
            mask: 0xffff_ffff,
            value: 1,
            wide: false,
        };
        let stream = Condition {
            argument: 1,
            mask: 0xf,
            value: 1,
            wide: false,
        };
        let packet = Condition { value: 5, ..stream };
        conditional.insert(53, vec![vec![unix, stream], vec![unix, packet]]);
        Policy {
            arch: ARCH,
            foreign_from: 0x4000_0000,
            answers,
            conditional,
            unlisted: Answer::Errno(1),
            otherwise: 1,
        }
    }

    #[test]
    fn the_split_filters_answer_together_as_the_whole() {
        let whole = policy();
        // Refused, conditional, fall-back, allowed and past-the-end numbers.
        let spawner_calls = [165, 56, 435, 0, 999];
        let (spawner, run_part) = whole.split(&spawner_calls);
        let (spawner_program, run_program) = (compile(&spawner), compile(&run_part));
        assert!(run_program.len() < compile(&whole).len() / 2);
        let mut rng = fastrand::Rng::with_seed(11);
        for number in (0..1000).chain([0x4000_0000, 0x4000_00a5, u32::MAX]) {
            for _ in 0..20 {
                let mut args = [0u64; 6];
                for arg in &mut args {
                    *arg = if rng.bool() {
                        rng.u64(..0x8_0000)
                    } else {
                        rng.u64(..)
                    };
                }
                if rng.bool() {
                    args[0] = 0;
                }
                let expected = encoded(whole.decide(number, &args));
                let together = stacked(
                    run(&spawner_program, ARCH, number, &args),
                    run(&run_program, ARCH, number, &args),
                );
                assert_eq!(together, expected, "call {number} with {args:x?}");
                let spawner_answer = encoded(spawner.decide(number, &args));
                assert_eq!(run(&spawner_program, ARCH, number, &args), spawner_answer);
            }
        }
        // The spawner may make its own calls, whatever their arguments.
        for number in spawner_calls {
            assert_eq!(spawner.decide(number, &[u64::MAX; 6]), Answer::Allow);
        }
        let refused = encoded(Answer::Errno(1));
        assert_eq!(run(&run_program, ARCH, 165, &[0; 6]), refused);
        assert_eq!(run(&run_program, ARCH, 166, &[0; 6]), RET_ALLOW);
        assert_eq!(
            run(&run_program, 0x4000_0003, 166, &[0; 6]),
            RET_KILL_PROCESS
        );
    }

    fn encoded(answer: Answer) -> u32 {
        match answer {
            Answer::Allow => RET_ALLOW,
            Answer::Errno(errno) => RET_ERRNO | errno,
        }
    }

    #[test]
    fn the_program_answers_every_call_as_the_policy_decides() {
        let policy = policy();
        let program = compile(&policy);
        let mut rng = fastrand::Rng::with_seed(7);
        let interesting: Vec<u64> = vec![
            0,
            1,
            5,
            0x10,
            0x1_0000_0000,
            0x1000_0000,
            0x2_0000,
            u64::MAX,
            0xffff_ffff,
        ];
        for number in (0..1000).chain([0x4000_0000, 0x4000_0001, u32::MAX]) {
            for _ in 0..20 {
                let mut args = [0u64; 6];
                for arg in &mut args {
                    *arg = if rng.bool() {
                        interesting[rng.usize(..interesting.len())]
                    } else {
                        rng.u64(..)
                    };
                }
                assert_eq!(
                    run(&program, ARCH, number, &args),
                    encoded(policy.decide(number, &args)),
                    "call {number} with {args:x?}"
                );
            }
        }
    }

    #[test]
    fn another_architecture_is_killed() {
        let program = compile(&policy());
        assert_eq!(run(&program, 0x4000_0003, 0, &[0; 6]), RET_KILL_PROCESS);
    }

    #[test]
    fn the_search_is_short() {
        // ~400 allowed calls spread over the numbers: the program stays a few hundred
        // instructions, and a call is found within a few dozen.
        let mut policy = policy();
        for number in (0..450).step_by(2) {
            policy.answers.insert(number, Answer::Allow);
        }
        let program = compile(&policy);
        assert!(program.len() < 2000, "{}", program.len());
        for number in 0..500 {
            let (_, steps) = run_counting(&program, ARCH, number, &[0; 6]);
            assert!(steps <= 40, "call {number}: {steps} instructions");
        }
    }
}
