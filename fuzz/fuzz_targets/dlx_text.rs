//! Knuth's text format: parsing never panics; what parses writes back and
//! parses to the same problem; a small problem's solutions are covers.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(parsed) = dlx::text::parse(text) else { return };
    let p = parsed.problem;
    let again = dlx::text::parse(&dlx::text::to_string(&p)).expect("what we write, we read");
    assert_eq!(again.problem, p);
    if p.option_count() <= 40 {
        let mut s = dlx::Solver::new(&p);
        for sol in s.solutions().take(50) {
            assert!(p.is_solution(&sol));
        }
        let fast = s.count(Some(1000)).solutions();
        s.set_faithful(true);
        assert_eq!(s.count(Some(1000)).solutions(), fast);
    }
});
