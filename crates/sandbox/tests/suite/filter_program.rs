//! The sandbox's compiled filter answers every call as its policy decides: every call
//! number up to past the end of the table, for x86_64, x32's numbers and foreign
//! architectures, with the arguments on each side of every condition the policy checks.
//! The program is run by a small interpreter of classic BPF written here (the
//! instructions seccomp accepts that the compiler emits), over a `seccomp_data` built for
//! each call, and checked against the policy's own decision.

use std::collections::BTreeSet;

use sandbox::for_tests::bpf::{self, Answer, Instruction, Policy};
use sandbox::for_tests::{policy, spawner_calls};

const AUDIT_ARCH_X86_64: u32 = 0xc000_003e;
const AUDIT_ARCH_I386: u32 = 0x4000_0003;
const AUDIT_ARCH_AARCH64: u32 = 0xc000_00b7;
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

const RET_KILL_PROCESS: u32 = 0x8000_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_ALLOW: u32 = 0x7fff_0000;

/// Runs a classic BPF program on one call as the kernel's seccomp would, panicking on
/// an instruction outside the subset the compiler is known to emit (so a new kind fails
/// the test instead of being misread).
fn run(program: &[Instruction], arch: u32, number: u32, args: &[u64; 6]) -> u32 {
    let mut data = [0u8; 64];
    data[0..4].copy_from_slice(&number.to_ne_bytes());
    data[4..8].copy_from_slice(&arch.to_ne_bytes());
    // instruction_pointer (8..16) stays 0: neither policy reads it.
    for (index, arg) in args.iter().enumerate() {
        data[16 + 8 * index..24 + 8 * index].copy_from_slice(&arg.to_ne_bytes());
    }
    let mut accumulator = 0u32;
    let mut pc = 0usize;
    for _ in 0..=program.len() {
        let instruction = program[pc];
        pc += 1;
        let k = instruction.k;
        let taken = |condition: bool| {
            usize::from(if condition {
                instruction.jt
            } else {
                instruction.jf
            })
        };
        match instruction.code {
            // ld [k]: a word of seccomp_data, aligned and inside it.
            0x20 => {
                let at = k as usize;
                assert!(at % 4 == 0 && at + 4 <= data.len(), "load at {at}");
                accumulator = u32::from_ne_bytes(data[at..at + 4].try_into().unwrap());
            }
            0x54 => accumulator &= k,                  // and #k
            0x05 => pc += k as usize,                  // ja
            0x15 => pc += taken(accumulator == k),     // jeq #k
            0x25 => pc += taken(accumulator > k),      // jgt #k
            0x35 => pc += taken(accumulator >= k),     // jge #k
            0x45 => pc += taken(accumulator & k != 0), // jset #k
            0x06 => return k,                          // ret #k
            other => panic!("instruction {other:#06x} at {} is not interpreted", pc - 1),
        }
    }
    panic!("the program ran longer than its length: a jump backwards?")
}

fn encoded(answer: Answer) -> u32 {
    match answer {
        Answer::Allow => RET_ALLOW,
        Answer::Errno(code) => RET_ERRNO | code,
    }
}

/// Values of one argument worth trying against `policy`'s conditions on it: each
/// condition's value, with each bit of its mask flipped (the value on the other side),
/// with every bit outside the mask set, one above and below; and always 0, all ones and
/// the high half alone.
fn edges(policy: &Policy, number: u32, argument: u8) -> BTreeSet<u64> {
    let mut values: BTreeSet<u64> = [0, u64::MAX, 0xffff_ffff, 0xffff_ffff_0000_0000, 1 << 32]
        .into_iter()
        .collect();
    let conditions = policy
        .conditional
        .get(&number)
        .into_iter()
        .flatten()
        .flatten();
    for condition in conditions.filter(|condition| condition.argument == argument) {
        let value = condition.value;
        values.extend([
            value,
            value.wrapping_add(1),
            value.wrapping_sub(1),
            value | !condition.mask,
            value | 0xffff_ffff_0000_0000,
        ]);
        values.extend(
            (0..64)
                .map(|bit| 1u64 << bit)
                .filter(|bit| condition.mask & bit != 0)
                .map(|bit| value ^ bit),
        );
    }
    values
}

/// Every argument list to try on `number`: the product of the edges of each argument a
/// condition reads, the others 0 or all ones.
fn argument_lists(policy: &Policy, number: u32) -> Vec<[u64; 6]> {
    let read: BTreeSet<u8> = policy
        .conditional
        .get(&number)
        .into_iter()
        .flatten()
        .flatten()
        .map(|condition| condition.argument)
        .collect();
    let mut lists: Vec<[u64; 6]> = vec![[0; 6], [u64::MAX; 6]];
    for &argument in &read {
        let values = edges(policy, number, argument);
        lists = lists
            .iter()
            .flat_map(|list| {
                values.iter().map(move |&value| {
                    let mut list = *list;
                    list[usize::from(argument)] = value;
                    list
                })
            })
            .collect();
    }
    lists
}

/// The highest number the policy lists.
fn last_listed(policy: &Policy) -> u32 {
    let listed = policy.answers.keys().chain(policy.conditional.keys());
    listed.max().copied().unwrap()
}

/// Every call number up to past the end of the table, each with its x32 twin, and the
/// edges of the number line.
fn numbers_to_try(policy: &Policy) -> impl Iterator<Item = u32> {
    (0..=last_listed(policy) + 64)
        .flat_map(|number| [number, number | X32_SYSCALL_BIT])
        .chain([X32_SYSCALL_BIT - 1, 0x8000_0000, u32::MAX - 1, u32::MAX])
}

#[test]
fn the_program_answers_every_call_as_the_policy_decides() {
    let policy = policy();
    let program = bpf::compile(&policy);
    let last = last_listed(&policy);
    let mut compared = 0usize;
    for number in numbers_to_try(&policy) {
        for args in argument_lists(&policy, number) {
            let expected = encoded(policy.decide(number, &args));
            assert_eq!(
                run(&program, AUDIT_ARCH_X86_64, number, &args),
                expected,
                "call {number:#x} with {args:x?}"
            );
            for arch in [AUDIT_ARCH_I386, AUDIT_ARCH_AARCH64, 0] {
                assert_eq!(
                    run(&program, arch, number, &args),
                    RET_KILL_PROCESS,
                    "call {number:#x} of architecture {arch:#x}"
                );
            }
            compared += 1;
        }
    }
    // Every listed number, its x32 twin, and the argument edges of the six checked calls.
    assert!(compared > 2 * usize::try_from(last).unwrap(), "{compared}");
}

/// The spawner's filter with a run's on top answers every call as the whole policy does,
/// on every architecture, and the spawner's alone lets the spawner's own calls through.
#[test]
fn the_spawners_and_the_runs_filters_answer_together_as_the_whole() {
    let whole = policy();
    let (spawner, run_part) = whole.split(&spawner_calls());
    let (spawner_program, run_program) = (bpf::compile(&spawner), bpf::compile(&run_part));
    let whole_program = bpf::compile(&whole);
    assert!(
        run_program.len() * 3 < whole_program.len(),
        "a run's part is {} instructions",
        run_program.len()
    );
    for number in numbers_to_try(&whole) {
        for args in argument_lists(&whole, number) {
            for arch in [AUDIT_ARCH_X86_64, AUDIT_ARCH_I386, AUDIT_ARCH_AARCH64, 0] {
                let alone = run(&whole_program, arch, number, &args);
                let together = bpf::stacked(
                    run(&spawner_program, arch, number, &args),
                    run(&run_program, arch, number, &args),
                );
                assert_eq!(
                    together, alone,
                    "call {number:#x} of {arch:#x} with {args:x?}"
                );
            }
        }
    }
    for number in spawner_calls() {
        let answer = run(&spawner_program, AUDIT_ARCH_X86_64, number, &[0; 6]);
        assert_eq!(answer, RET_ALLOW, "the spawner's call {number}");
        let answer = run(&run_program, AUDIT_ARCH_X86_64, number, &[0; 6]);
        assert_ne!(answer, RET_ALLOW, "a run's call {number}");
    }
}

/// The policy's answers are not all alike, so agreeing with it says something: the
/// interpreter sees allowed, refused and fall-back calls, and both argument outcomes of
/// each checked call, written here by hand rather than taken from the policy.
#[test]
fn the_interpreter_tells_the_answers_apart() {
    let program = bpf::compile(&policy());
    let answer = |number: i64, args: [u64; 6]| {
        run(
            &program,
            AUDIT_ARCH_X86_64,
            u32::try_from(number).unwrap(),
            &args,
        )
    };
    assert_eq!(answer(libc::SYS_getppid, [0; 6]), RET_ALLOW);
    assert_eq!(
        answer(libc::SYS_socket, [0; 6]),
        RET_ERRNO | libc::EPERM as u32
    );
    assert_eq!(
        answer(libc::SYS_clone3, [0; 6]),
        RET_ERRNO | libc::ENOSYS as u32
    );
    assert_eq!(
        answer(libc::SYS_personality, [0xffff_ffff, 0, 0, 0, 0, 0]),
        RET_ALLOW
    );
    assert_eq!(
        answer(libc::SYS_personality, [0x0040_0000, 0, 0, 0, 0, 0]),
        RET_ERRNO | libc::EPERM as u32
    );
    let huge = libc::MAP_HUGETLB as u64;
    assert_eq!(
        answer(libc::SYS_mmap, [0, 0, 0, huge, 0, 0]),
        RET_ERRNO | libc::EPERM as u32
    );
    assert_eq!(
        answer(libc::SYS_mmap, [0, 0, 0, huge << 32, 0, 0]),
        RET_ALLOW
    );
}
