//! `dance man`: the top page names a page per subcommand, and each of
//! those pages is there (`dance man solve` writes dance-solve(1)).

mod common;
use common::*;

#[test]
fn every_page_the_top_page_names_is_written() {
    let top = dance(&["man"]).expect(0).stdout;
    let mut named = 0;
    for sub in ["solve", "count", "export", "generate", "analyze", "explain", "hint", "rate", "render"] {
        assert!(top.contains(&format!("dance\\-{sub}(1)")), "the top page names dance-{sub}(1)");
        let page = dance(&["man", sub]).expect(0).stdout;
        assert!(page.contains(&format!(".TH dance-{sub} 1")), "{sub}: {}", &page[..200.min(page.len())]);
        assert!(page.contains(".SH SYNOPSIS"));
        named += 1;
    }
    assert_eq!(named, 9);
    let page = dance(&["man", "solve"]).expect(0).stdout;
    assert!(page.contains("\\-\\-column"), "the solve page lists its flags");
    dance(&["man", "nosuch"]).expect(2);
}
