//! A third check in exact arithmetic: backward induction on whole numbers scaled by 6^99,
//! so every value and every climb-or-stay comparison is exact. Its answers, rounded to 10
//! decimals, must be every `.out`, and the floating-point solver and reference must be
//! within 1e-11 of them.
//!
//! Why 6^99 suffices: a turn with no overshooting face gives `E = 1 + sum / 6`, one more
//! factor 6 per square from the Goal; the overshoot divisions `/ (6 - k)` only happen in
//! the top row, which holds no ladder, and give whole numbers there (every such square
//! has E = 6). Every division below checks that it is exact, so a wrong premise fails.

use std::cmp::Ordering;

use gridkit::testdata;
use ladders::Board;

/// Non-negative big integers, base 10^9 limbs, least significant first, no leading zeros.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

const BASE: u64 = 1_000_000_000;

impl Big {
    fn small(value: u32) -> Self {
        Big(vec![value % BASE as u32, value / BASE as u32]).trimmed()
    }

    fn trimmed(mut self) -> Self {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    fn add(&self, other: &Big) -> Big {
        let mut limbs = Vec::new();
        let mut carry = 0;
        for i in 0..self.0.len().max(other.0.len()) {
            let sum = u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*other.0.get(i).unwrap_or(&0))
                + carry;
            limbs.push((sum % BASE) as u32);
            carry = sum / BASE;
        }
        limbs.push(carry as u32);
        Big(limbs).trimmed()
    }

    /// `self - other`, which must not be negative.
    fn sub(&self, other: &Big) -> Big {
        assert!(*self >= *other);
        let mut limbs = Vec::new();
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut digit =
                i64::from(self.0[i]) - i64::from(*other.0.get(i).unwrap_or(&0)) - borrow;
            borrow = i64::from(digit < 0);
            digit += borrow * BASE as i64;
            limbs.push(digit as u32);
        }
        Big(limbs).trimmed()
    }

    fn mul_small(&self, factor: u32) -> Big {
        let mut limbs = Vec::new();
        let mut carry = 0;
        for &limb in &self.0 {
            let product = u64::from(limb) * u64::from(factor) + carry;
            limbs.push((product % BASE) as u32);
            carry = product / BASE;
        }
        while carry > 0 {
            limbs.push((carry % BASE) as u32);
            carry /= BASE;
        }
        Big(limbs).trimmed()
    }

    /// Quotient and remainder.
    fn div_small(&self, divisor: u32) -> (Big, u32) {
        let mut limbs = vec![0; self.0.len()];
        let mut rest = 0u64;
        for i in (0..self.0.len()).rev() {
            let current = rest * BASE + u64::from(self.0[i]);
            limbs[i] = (current / u64::from(divisor)) as u32;
            rest = current % u64::from(divisor);
        }
        (Big(limbs).trimmed(), rest as u32)
    }

    fn exact_div(&self, divisor: u32) -> Big {
        let (quotient, rest) = self.div_small(divisor);
        assert_eq!(rest, 0, "{self:?} / {divisor} is not exact");
        quotient
    }
}

impl std::fmt::Display for Big {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut limbs = self.0.iter().rev();
        match limbs.next() {
            None => write!(f, "0")?,
            Some(first) => write!(f, "{first}")?,
        }
        limbs.try_for_each(|limb| write!(f, "{limb:09}"))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Powers of 6 in the scale.
const SCALE_POWER: u32 = 99;

fn scale() -> Big {
    (0..SCALE_POWER).fold(Big::small(1), |value, _| value.mul_small(6))
}

/// The answer times 6^99, exactly.
fn exact_answer(board: &Board) -> Big {
    // Path number of the square `k` rows above the bottom, `col` from the left.
    let index = |k: usize, col: usize| 10 * k + if k % 2 == 0 { col } else { 9 - col };
    let mut top: Vec<usize> = (0..100).collect();
    for row in 0..10 {
        for col in 0..10 {
            let h = usize::from(board.height(row, col));
            top[index(9 - row, col)] = index(9 - row + h, col);
        }
    }
    let six = scale().mul_small(6);
    let mut expected = vec![Big::small(0); 100];
    let mut best = vec![Big::small(0); 100];
    for p in (0..99).rev() {
        let mut total = six.clone();
        let mut moving = 0;
        for q in (p + 1..=p + 6).filter(|&q| q <= 99) {
            total = total.add(&best[q]);
            moving += 1;
        }
        expected[p] = total.exact_div(moving);
        best[p] = expected[p].clone().min(expected[top[p]].clone());
    }
    expected[0].clone()
}

/// floor(`scaled` / 6^99 x 10^`decimals`).
fn shifted_floor(scaled: &Big, decimals: usize) -> Big {
    let shifted = (0..decimals).fold(scaled.clone(), |value, _| value.mul_small(10));
    (0..SCALE_POWER).fold(shifted, |value, _| value.div_small(6).0)
}

/// `digits` / 10^`decimals` written out.
fn with_point(digits: &Big, decimals: usize) -> String {
    let digits = format!("{:0>width$}", digits.to_string(), width = decimals + 1);
    let (whole, fraction) = digits.split_at(digits.len() - decimals);
    format!("{whole}.{fraction}")
}

/// `scaled` / 6^99 with `decimals` decimals, rounded down.
fn decimal(scaled: &Big, decimals: usize) -> String {
    with_point(&shifted_floor(scaled, decimals), decimals)
}

/// `scaled` / 6^99 rounded to 10 decimals, half up.
fn rounded(scaled: &Big) -> String {
    let (tenths, _) = shifted_floor(scaled, 11).add(&Big::small(5)).div_small(10);
    with_point(&tenths, 10)
}

fn cases() -> Vec<(String, Board, String)> {
    testdata::cases("ladders")
        .unwrap()
        .into_iter()
        .map(|case| {
            (
                case.name,
                ladders::parse_board(case.input.as_bytes()).unwrap(),
                case.expected.trim().to_owned(),
            )
        })
        .collect()
}

#[test]
fn big_arithmetic_is_right_on_small_numbers() {
    let a = Big::small(999_999_999)
        .mul_small(1_000_000)
        .add(&Big::small(123));
    assert_eq!(a.to_string(), "999999999000123");
    assert_eq!(
        a.div_small(7).0.to_string(),
        (999_999_999_000_123u64 / 7).to_string()
    );
    assert_eq!(a.div_small(7).1 as u64, 999_999_999_000_123u64 % 7);
    assert_eq!(a.sub(&Big::small(124)).to_string(), "999999998999999");
    assert!(Big::small(5) < a && a.sub(&a) == Big::small(0));
    assert_eq!(decimal(&scale().mul_small(7).exact_div(4), 3), "1.750");
}

#[test]
fn exact_answers_round_to_every_expected_output() {
    for (name, board, expected) in cases() {
        let exact = exact_answer(&board);
        assert_eq!(rounded(&exact), expected, "{name}");
        let value: f64 = decimal(&exact, 20).parse().unwrap();
        let solver = ladders::solve(&board);
        let reference = ladders::reference::expected_turns(&board);
        assert!(
            (solver - value).abs() < 1e-11,
            "{name}: solver {solver:.15}, exact {value:.15}"
        );
        assert!(
            (reference - value).abs() < 1e-11,
            "{name}: reference {reference:.15}, exact {value:.15}"
        );
    }
}

/// The empty board's answer prints as 33.0476190476, like 694/21, but it is not 694/21:
/// its denominator is a product of 2s and 3s. It differs from 694/21 far below 1e-10.
#[test]
fn the_empty_board_is_close_to_but_not_694_over_21() {
    let text = "0 0 0 0 0 0 0 0 0 0\n".repeat(10);
    let exact = exact_answer(&ladders::parse_board(text.as_bytes()).unwrap());
    assert_eq!(rounded(&exact), "33.0476190476");

    // exact / 6^99 against 694 / 21: compare exact * 21 with 694 * 6^99.
    let left = exact.mul_small(21);
    let right = scale().mul_small(694);
    assert_ne!(left, right);
    let gap = if left > right {
        left.sub(&right)
    } else {
        right.sub(&left)
    };
    // gap / (21 * 6^99) is the distance between the two.
    let distance = decimal(&gap.div_small(21).0, 40);
    let first_digit = distance.bytes().skip(2).position(|d| d != b'0').unwrap() + 1;
    eprintln!(
        "exact - 694/21 = {}{distance}",
        if left > right { "+" } else { "-" }
    );
    assert!(first_digit > 12, "{distance}");

    // The reduced denominator: 6^99 without the 2s and 3s the numerator shares.
    let (mut numerator, mut twos, mut threes) = (exact.clone(), SCALE_POWER, SCALE_POWER);
    while twos > 0 && numerator.div_small(2).1 == 0 {
        numerator = numerator.exact_div(2);
        twos -= 1;
    }
    while threes > 0 && numerator.div_small(3).1 == 0 {
        numerator = numerator.exact_div(3);
        threes -= 1;
    }
    eprintln!("empty board: {numerator} / (2^{twos} 3^{threes})");
    assert!(twos > 0 || threes > 0);
}
