//! `Serialize` and `Deserialize` for [`Problem`], behind the `serde` feature:
//! the plain shape `{"primary", "secondary", "options"}` with colored items
//! written `item:color`. Deserializing validates through [`ProblemBuilder`].

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
        let mut st = s.serialize_struct("Problem", 3)?;
        st.serialize_field("primary", self.primary_names())?;
        st.serialize_field("secondary", self.secondary_names())?;
        st.serialize_field("options", &options)?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    primary: Vec<String>,
    #[serde(default)]
    secondary: Vec<String>,
    options: Vec<Vec<String>>,
}

impl<'de> Deserialize<'de> for Problem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Raw::deserialize(d)?;
        let mut b = ProblemBuilder::new(raw.primary, raw.secondary).map_err(D::Error::custom)?;
        for option in &raw.options {
            b.add_option_names(option).map_err(D::Error::custom)?;
        }
        b.build().map_err(D::Error::custom)
    }
}
