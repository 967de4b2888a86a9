//! The kernel's own records for a process, which a cgroup charges the run for and no page
//! count shows: one per memory mapping (`vm_area_struct`, with its share of the mappings'
//! tree) and one per epoll watch (`epitem` and its wait-queue entry). A program could make
//! hundreds of thousands of either with a few pages of its own. They are counted from
//! `/proc/PID/maps` (a line per mapping) and the descriptors' `fdinfo` (a line per watch,
//! past the four lines every descriptor has), and charged at the kernel's size for each.
//! Reading them costs in proportion to their number, so a sample counts them only now and
//! then ([`COUNT_EVERY`] samples); between two counts the last one holds.

use std::fs::File;
use std::io::Read;

/// Samples between two counts (about 16 ms at the sampler's pace).
pub const COUNT_EVERY: u64 = 16;

/// What the kernel keeps per mapping: a `vm_area_struct` (184 bytes on x86_64 Linux 6.x)
/// and its share of the maple tree's nodes.
const BYTES_PER_MAPPING: u64 = 200;

/// What the kernel keeps per epoll watch: an `epitem` (128 bytes) and an
/// `eppoll_entry` (64 bytes). Other descriptors' extra lines (an eventfd's count, a
/// timerfd's settings, an inotify watch) are charged alike: a few records at most, or
/// records of the same kind.
const BYTES_PER_WATCH: u64 = 192;

/// The lines of an `fdinfo` that every descriptor has: `pos`, `flags`, `mnt_id`, `ino`.
const FDINFO_LINES: u64 = 4;

/// The kernel's records for process `pid`, in bytes (0 for a process gone meanwhile).
pub fn bytes_of(pid: u32) -> u64 {
    let mappings = lines_of(&format!("/proc/{pid}/maps"));
    let watches: u64 = std::fs::read_dir(format!("/proc/{pid}/fdinfo"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| lines_of(&entry.path().to_string_lossy()).saturating_sub(FDINFO_LINES))
        .sum();
    mappings * BYTES_PER_MAPPING + watches * BYTES_PER_WATCH
}

/// The number of lines of a file, read through a fixed buffer: a process's maps may run
/// to megabytes, and are never held whole.
fn lines_of(path: &str) -> u64 {
    let Ok(mut file) = File::open(path) else {
        return 0;
    };
    let mut buffer = [0u8; 16 * 1024];
    let mut lines = 0;
    loop {
        match file.read(&mut buffer) {
            Ok(0) | Err(_) => return lines,
            Ok(read) => {
                lines += buffer[..read].iter().filter(|&&byte| byte == b'\n').count() as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_mappings_and_descriptors_to_count() {
        let own = bytes_of(std::process::id());
        // A test binary maps itself, its libraries, its stacks: dozens of mappings.
        assert!(own >= 20 * BYTES_PER_MAPPING, "{own}");
        assert_eq!(bytes_of(u32::MAX), 0);
    }
}
