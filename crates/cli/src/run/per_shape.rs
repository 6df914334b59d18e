//! One worker per puzzle shape, reused from puzzle to puzzle: engines,
//! analyzers and logical solvers are costly to make and cheap to reuse. A
//! few shapes are kept at a time, so that a stream of jigsaws (each its
//! own shape) does not grow without bound; shapes compare by pointer
//! first, so a batch of one shape finds its worker at once.

use reduce::Shape;

/// The most shapes whose workers are kept at a time.
const MAX_SHAPES: usize = 16;

/// Workers by shape.
pub struct PerShape<T> {
    kept: Vec<(Shape, T)>,
}

impl<T> Default for PerShape<T> {
    fn default() -> Self {
        PerShape { kept: Vec::new() }
    }
}

impl<T> PerShape<T> {
    /// The worker for `shape`, made by `make` on first use.
    pub fn get(&mut self, shape: &Shape, make: impl FnOnce(&Shape) -> T) -> &mut T {
        let k = match self.kept.iter().position(|(s, _)| s == shape) {
            Some(k) => k,
            None => {
                if self.kept.len() >= MAX_SHAPES {
                    self.kept.clear();
                }
                self.kept.push((shape.clone(), make(shape)));
                self.kept.len() - 1
            }
        };
        &mut self.kept[k].1
    }

    /// The worker for `shape`, if one is kept.
    pub fn find(&self, shape: &Shape) -> Option<&T> {
        self.kept.iter().find(|(s, _)| s == shape).map(|(_, t)| t)
    }
}
