//! The syscall layer's policy compiled by libseccomp instead of [`super::bpf`]: the
//! field's standard compiler, in its binary-tree mode (`SCMP_FLTATR_CTL_OPTIMIZE` = 2),
//! kept beside the sandbox's own so that `cargo xtask sandbox-cost` can time both and the
//! tests can check that both answer every call alike. Built only with the crate's
//! `libseccomp` feature: the sandbox itself never links the C library.
//!
//! The rules come from the same [`bpf::Policy`] the own compiler reads, so the two
//! programs cannot drift apart in what they allow. libseccomp kills another ABI's calls
//! with its "bad architecture" action; x32 shares x86_64's `AUDIT_ARCH` and the policy
//! answers its calls with the default error instead, which libseccomp gives when x32 is
//! one of the filter's architectures with no rule of its own: it is added after the
//! rules, which libseccomp does not copy into an architecture added later.

use std::io::{Read, Seek, SeekFrom};

use ::libseccomp::{
    ScmpAction, ScmpArch, ScmpArgCompare, ScmpCompareOp, ScmpFilterContext, ScmpSyscall,
};
use anyhow::{Context, Result, ensure};

use super::Filters;
use super::bpf::{self, Answer, Condition, Instruction};

/// libseccomp's optimisation level that lays the call numbers out as a binary tree.
const BINARY_TREE: u32 = 2;

/// The sandbox's filter, as libseccomp compiles the policy.
///
/// # Errors
/// libseccomp refuses a rule or cannot export the program.
#[cfg(target_arch = "x86_64")]
pub fn filter() -> Result<Filters> {
    Ok(Filters::of(compile(&super::policy())?))
}

/// Compiles `policy` (an x86_64 one: its architecture and x32's bit) with libseccomp.
///
/// # Errors
/// The policy is for another architecture, or libseccomp refuses a rule or the export.
pub fn compile(policy: &bpf::Policy) -> Result<Vec<Instruction>> {
    ensure!(
        policy.arch == AUDIT_ARCH_X86_64 && policy.foreign_from == X32_SYSCALL_BIT,
        "libseccomp's program is built for x86_64's policy only"
    );
    let refused = errno(policy.otherwise)?;
    let mut context = ScmpFilterContext::new(refused).context("creating libseccomp's filter")?;
    context
        .set_act_badarch(ScmpAction::KillProcess)?
        .set_ctl_optimize(BINARY_TREE)?;
    for (&number, &answer) in &policy.answers {
        let action = match answer {
            Answer::Allow => ScmpAction::Allow,
            Answer::Errno(code) => errno(code)?,
        };
        context
            .add_rule(action, syscall(number)?)
            .with_context(|| format!("libseccomp's rule for call {number}"))?;
    }
    for (&number, rules) in &policy.conditional {
        for rule in rules {
            let comparisons: Vec<ScmpArgCompare> = rule.iter().map(comparison).collect();
            context
                .add_rule_conditional(ScmpAction::Allow, syscall(number)?, &comparisons)
                .with_context(|| format!("libseccomp's rule for call {number}"))?;
        }
    }
    context.add_arch(ScmpArch::X32)?;
    exported(&context)
}

/// `AUDIT_ARCH_X86_64`, and x32's bit in the call number.
const AUDIT_ARCH_X86_64: u32 = 0xc000_003e;
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

fn errno(code: u32) -> Result<ScmpAction> {
    Ok(ScmpAction::Errno(i32::try_from(code)?))
}

fn syscall(number: u32) -> Result<ScmpSyscall> {
    Ok(ScmpSyscall::from(i32::try_from(number)?))
}

/// A condition as libseccomp's masked comparison. One on the low half only masks the
/// high half away, so libseccomp's check of that half always holds.
fn comparison(condition: &Condition) -> ScmpArgCompare {
    let half = if condition.wide {
        u64::MAX
    } else {
        0xffff_ffff
    };
    ScmpArgCompare::new(
        u32::from(condition.argument),
        ScmpCompareOp::MaskedEqual(condition.mask & half),
        condition.value & half,
    )
}

/// The program libseccomp generates, read back from the file it writes it to (the
/// libseccomp of Debian 12 has no export to memory).
fn exported(context: &ScmpFilterContext) -> Result<Vec<Instruction>> {
    let mut file = tempfile::tempfile().context("a file for libseccomp's program")?;
    context
        .export_bpf(&file)
        .context("exporting libseccomp's program")?;
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    let size = std::mem::size_of::<Instruction>();
    ensure!(
        bytes.len() % size == 0,
        "libseccomp wrote {} bytes, not whole instructions",
        bytes.len()
    );
    Ok(bytes
        .chunks_exact(size)
        .map(|raw| Instruction {
            code: u16::from_ne_bytes([raw[0], raw[1]]),
            jt: raw[2],
            jf: raw[3],
            k: u32::from_ne_bytes([raw[4], raw[5], raw[6], raw[7]]),
        })
        .collect())
}
