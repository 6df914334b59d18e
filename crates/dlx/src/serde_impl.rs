//! `Serialize` and `Deserialize` for [`Problem`], behind the `serde` feature:
//! the plain shape `{"primary", "secondary", "options"}` with colored items
//! written `item:color`, and two optional fields that appear only when the
//! problem needs them: `"bounds"`, a map from primary item names to
//! `[lower, upper]` (items not named are covered exactly once), and
//! `"costs"`, one non-negative integer per option. Deserializing validates
//! through [`ProblemBuilder`].

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Problem, ProblemBuilder};

impl Serialize for Problem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let options: Vec<Vec<String>> = self
            .options()
            .map(|o| {
                o.iter()
                    .map(|e| match e.color {
                        0 => self.item_name(e.item as usize).to_owned(),
                        c => format!("{}:{}", self.item_name(e.item as usize), self.color_name(c)),
                    })
                    .collect()
            })
            .collect();
        let fields = 3 + self.has_bounds() as usize + self.has_costs() as usize;
        let mut st = s.serialize_struct("Problem", fields)?;
        st.serialize_field("primary", self.primary_names())?;
        st.serialize_field("secondary", self.secondary_names())?;
        st.serialize_field("options", &options)?;
        if self.has_bounds() {
            // In declaration order, only the items not covered exactly once.
            let bounds: Vec<(&str, [u32; 2])> = (0..self.primary_count())
                .map(|i| (self.item_name(i), self.bounds(i)))
                .filter(|&(_, b)| b != (1, 1))
                .map(|(name, (a, b))| (name, [a, b]))
                .collect();
            st.serialize_field("bounds", &Ordered(&bounds))?;
        }
        if self.has_costs() {
            st.serialize_field("costs", &self.costs)?;
        }
        st.end()
    }
}

/// A map written in the order of its entries.
struct Ordered<'a>(&'a [(&'a str, [u32; 2])]);

impl Serialize for Ordered<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    primary: Vec<String>,
    #[serde(default)]
    secondary: Vec<String>,
    options: Vec<Vec<String>>,
    #[serde(default)]
    bounds: BTreeMap<String, [u32; 2]>,
    #[serde(default)]
    costs: Option<Vec<u64>>,
}

impl<'de> Deserialize<'de> for Problem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Raw::deserialize(d)?;
        if let Some(costs) = &raw.costs {
            if costs.len() != raw.options.len() {
                return Err(D::Error::custom(format!(
                    "{} costs for {} options (give one cost per option)",
                    costs.len(),
                    raw.options.len()
                )));
            }
        }
        let mut b = ProblemBuilder::new(raw.primary, raw.secondary).map_err(D::Error::custom)?;
        for (name, [lower, upper]) in &raw.bounds {
            let Some(item) = b.item(name) else {
                return Err(D::Error::custom(format!("bounds for unknown item {name:?}")));
            };
            b.set_bounds(item, *lower, *upper).map_err(D::Error::custom)?;
        }
        for (k, option) in raw.options.iter().enumerate() {
            let kept = b.add_option_names(option).map_err(D::Error::custom)?;
            if let (Some(kept), Some(costs)) = (kept, &raw.costs) {
                b.set_cost(kept, costs[k]).map_err(D::Error::custom)?;
            }
        }
        b.build().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use crate::text;

    #[test]
    fn bounds_and_costs_round_trip_and_appear_only_when_needed() {
        let p = text::parse("A 2|B 0:3|C | X\nA B |5\nB C X:red |3\nC\nB\n").unwrap().problem;
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(
            json,
            r#"{"primary":["A","B","C"],"secondary":["X"],"options":[["A","B"],["B","C","X:red"],["C"],["B"]],"bounds":{"B":[2,2],"C":[0,3]},"costs":[5,3,0,0]}"#
        );
        assert_eq!(serde_json::from_str::<crate::Problem>(&json).unwrap(), p);
        let plain = text::parse("A B\nA\nB\n").unwrap().problem;
        assert_eq!(
            serde_json::to_string(&plain).unwrap(),
            r#"{"primary":["A","B"],"secondary":[],"options":[["A"],["B"]]}"#
        );
        let refused = |json: &str| serde_json::from_str::<crate::Problem>(json).unwrap_err().to_string();
        assert!(refused(r#"{"primary":["A"],"options":[["A"]],"bounds":{"A":[2,1]}}"#).contains("exceeds"));
        assert!(refused(r#"{"primary":["A"],"secondary":["X"],"options":[],"bounds":{"X":[0,1]}}"#)
            .contains("secondary"));
        assert!(
            refused(r#"{"primary":["A"],"options":[["A"]],"bounds":{"Z":[0,1]}}"#).contains("unknown item")
        );
        assert!(
            refused(r#"{"primary":["A"],"options":[["A"]],"costs":[1,2]}"#).contains("one cost per option")
        );
        assert!(refused(r#"{"primary":["A"],"options":[["A"]],"costs":[-1]}"#).contains("invalid value"));
    }
}
