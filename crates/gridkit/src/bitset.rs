//! A fixed-size set of small integers, one bit each in `u64` words.

/// A set over `0..len`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    /// The empty set over `0..len`.
    pub fn new(len: usize) -> Self {
        Self {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// The size of the universe (not the number of members).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// Adds `index`; returns whether it was absent.
    pub fn insert(&mut self, index: usize) -> bool {
        assert!(index < self.len, "{index} outside a set of {}", self.len);
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        let absent = self.words[word] & bit == 0;
        self.words[word] |= bit;
        absent
    }

    pub fn remove(&mut self, index: usize) {
        if index < self.len {
            self.words[index / 64] &= !(1u64 << (index % 64));
        }
    }

    pub fn contains(&self, index: usize) -> bool {
        index < self.len && self.words[index / 64] >> (index % 64) & 1 == 1
    }

    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The number of members.
    pub fn count(&self) -> usize {
        self.words
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(index, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    index * 64 + bit
                })
            })
        })
    }

    /// Adds every member of `other` (a set over the same universe).
    pub fn union_with(&mut self, other: &BitSet) {
        assert_eq!(self.len, other.len, "sets over different universes");
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a |= b);
    }

    /// Keeps only the members of `other` (a set over the same universe).
    pub fn intersect_with(&mut self, other: &BitSet) {
        assert_eq!(self.len, other.len, "sets over different universes");
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(a, b)| *a &= b);
    }

    /// The words, lowest members first; bits at `len` and above are always zero.
    pub fn words(&self) -> &[u64] {
        &self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_contains_remove_across_word_boundaries() {
        let mut set = BitSet::new(130);
        for index in [0, 63, 64, 127, 129] {
            assert!(set.insert(index));
        }
        assert!(!set.insert(64));
        assert!(set.contains(63) && set.contains(129) && !set.contains(1) && !set.contains(500));
        assert_eq!(set.count(), 5);
        set.remove(63);
        set.remove(1000);
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 64, 127, 129]);
        set.clear();
        assert!(set.is_empty() && set.len() == 130);
    }

    #[test]
    fn union_and_intersection() {
        let mut a = BitSet::new(70);
        let mut b = BitSet::new(70);
        for i in [1, 5, 69] {
            a.insert(i);
        }
        for i in [5, 6, 69] {
            b.insert(i);
        }
        let mut both = a.clone();
        both.intersect_with(&b);
        assert_eq!(both.iter().collect::<Vec<_>>(), [5, 69]);
        a.union_with(&b);
        assert_eq!(a.iter().collect::<Vec<_>>(), [1, 5, 6, 69]);
    }

    #[test]
    #[should_panic(expected = "outside a set of 10")]
    fn inserting_outside_the_universe_panics() {
        BitSet::new(10).insert(10);
    }
}
