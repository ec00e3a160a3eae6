//! A presentation of a finite commutative monoid by generators and relations, with one
//! normal word per element, as Plambeck and Siegel write their quotients.

use std::fmt;

/// A product of generators, as the exponent of each: `a²c` is `[2, 0, 1]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word(Vec<u32>);

impl Word {
    /// The exponent of each generator, in the order of the generators.
    pub fn exponents(&self) -> &[u32] {
        &self.0
    }

    fn degree(&self) -> u32 {
        self.0.iter().sum()
    }

    fn divides(&self, other: &Word) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a <= b)
    }
}

/// The name of generator `index`: a, b, …, z, then g26, g27, …
pub fn generator_name(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("g{index}"),
    }
}

impl fmt::Display for Word {
    /// `1` for the empty word, else the generators with superscript exponents: `a²bc³`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.degree() == 0 {
            return write!(f, "1");
        }
        for (index, &exponent) in self.0.iter().enumerate() {
            if exponent > 0 {
                write!(f, "{}", generator_name(index))?;
                if exponent > 1 {
                    write!(f, "{}", superscript(exponent))?;
                }
            }
        }
        Ok(())
    }
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|d| DIGITS[usize::from(d - b'0')])
        .collect()
}

/// Generators, relations and the normal word of each element.
///
/// The generators are the images of heaps, in heap order, each not already a product of
/// those before it. The normal word of an element is the first word reaching it when the
/// words are enumerated by degree (then by the order they are built in); every other word
/// contains the left side of a relation `w = v`, `v` a normal word. So every element has
/// exactly one normal word and the relations present the monoid; they need not be a
/// minimal set of relations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    generator_heaps: Vec<u32>,
    relations: Vec<(Word, Word)>,
    normal_words: Vec<Word>,
}

impl Presentation {
    /// `generators[i]` is the element of generator i, `heaps[i]` the least heap that has it;
    /// `product` multiplies elements, 0 is the identity, `order` the number of elements.
    pub(super) fn new(
        order: usize,
        generators: &[usize],
        heaps: Vec<u32>,
        product: impl Fn(usize, usize) -> usize,
    ) -> Self {
        let zero = Word(vec![0; generators.len()]);
        let mut normal: Vec<Option<Word>> = vec![None; order];
        normal[0] = Some(zero.clone());
        let mut layer = vec![(zero, 0usize)];
        let mut relations: Vec<(Word, Word)> = Vec::new();
        while !layer.is_empty() {
            let mut next_layer = Vec::new();
            for (word, element) in &layer {
                let last = word.0.iter().rposition(|&e| e > 0).unwrap_or(0);
                for (g, &generator) in generators.iter().enumerate().skip(last) {
                    let mut longer = word.clone();
                    longer.0[g] += 1;
                    if relations.iter().any(|(left, _)| left.divides(&longer)) {
                        continue;
                    }
                    let reached = product(*element, generator);
                    match &normal[reached] {
                        Some(existing) => relations.push((longer, existing.clone())),
                        None => {
                            normal[reached] = Some(longer.clone());
                            next_layer.push((longer, reached));
                        }
                    }
                }
            }
            layer = next_layer;
        }
        Presentation {
            generator_heaps: heaps,
            relations,
            normal_words: normal.into_iter().map(Option::unwrap_or_default).collect(),
        }
    }

    /// The least heap of each generator: generator `a` is the image of heap
    /// `generator_heaps()[0]`, and so on.
    pub fn generator_heaps(&self) -> &[u32] {
        &self.generator_heaps
    }

    /// The relations `w = v`, `v` a normal word.
    pub fn relations(&self) -> &[(Word, Word)] {
        &self.relations
    }

    /// The normal word of each element, by element number.
    pub fn normal_words(&self) -> &[Word] {
        &self.normal_words
    }
}

impl fmt::Display for Presentation {
    /// `⟨a, b, c | a² = 1, b³ = b, …⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = (0..self.generator_heaps.len())
            .map(generator_name)
            .collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(left, right)| format!("{left} = {right}"))
            .collect();
        write!(f, "⟨{} | {}⟩", names.join(", "), relations.join(", "))
    }
}
