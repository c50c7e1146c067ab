//! Card-name matching (spec §3.5): normalisation and the nearest-name
//! suggestion for unknown names.

use unicode_normalization::UnicodeNormalization;

/// The normalised form names are compared in: `’` as `'`, `Æ` as `Ae`,
/// accents removed (NFKD without combining marks), lower case, single
/// spaces, trimmed.
pub fn normalize(name: &str) -> String {
    let mut replaced = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '’' => replaced.push('\''),
            'Æ' => replaced.push_str("Ae"),
            'æ' => replaced.push_str("ae"),
            _ => replaced.push(c),
        }
    }
    let stripped: String = replaced
        .nfkd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase();
    stripped.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Levenshtein distance in characters, giving up (returning `limit + 1`)
/// once every alignment is past `limit`, so long garbage costs little.
pub fn distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            row_min = row_min.min(cur[j]);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The known name nearest to `wanted` (normalised forms) within distance 3,
/// ties broken alphabetically; `known` yields (normalised, display) pairs.
pub fn suggest<'a>(
    wanted: &str,
    known: impl Iterator<Item = (&'a str, &'a str)>,
) -> Option<&'a str> {
    let key = normalize(wanted);
    let mut best: Option<(usize, &str, &str)> = None;
    for (norm, display) in known {
        let d = distance(&key, norm, 3);
        if d > 3 {
            continue;
        }
        let better = match best {
            None => true,
            Some((bd, bn, _)) => d < bd || (d == bd && norm < bn),
        };
        if better {
            best = Some((d, norm, display));
        }
    }
    best.map(|(_, _, display)| display)
}

/// Up to `max` known names for a lookup that found nothing (`deck show`),
/// best first: names that contain `wanted` (three characters or more),
/// then the nearest name within three edits ([`suggest`]), then names with
/// a word that `wanted` begins like within one edit (five characters or
/// more: "lightnig" finds "Lightning Bolt"). A part of a name finds the
/// whole ("wurm", "craw"), which an edit distance to the whole name cannot.
pub fn candidates<'a>(
    wanted: &str,
    known: impl Iterator<Item = (&'a str, &'a str)> + Clone,
    max: usize,
) -> Vec<&'a str> {
    let key = normalize(wanted);
    let len = key.chars().count();
    if len == 0 {
        return Vec::new();
    }
    // (rank, distance, normalised name, display name)
    let mut found: Vec<(u8, usize, &str, &str)> = Vec::new();
    for (norm, display) in known.clone() {
        if len >= 3 && norm.contains(&key) {
            found.push((0, norm.len() - key.len(), norm, display));
        } else if len >= 5 && begins_a_word_like(norm, &key, len) {
            found.push((2, 0, norm, display));
        }
    }
    if let Some(near) = suggest(wanted, known.clone()) {
        let norm = known
            .clone()
            .find(|&(_, d)| d == near)
            .map_or(near, |(n, _)| n);
        found.retain(|&(_, _, _, d)| d != near);
        found.push((1, distance(&key, norm, 3), norm, near));
    }
    found.sort();
    found.into_iter().take(max).map(|(.., d)| d).collect()
}

/// Whether a word of `name` starts with `key` (of `len` characters) give or
/// take one edit.
fn begins_a_word_like(name: &str, key: &str, len: usize) -> bool {
    let mut starts = vec![0];
    starts.extend(name.match_indices(' ').map(|(i, _)| i + 1));
    starts.into_iter().any(|start| {
        let head: String = name[start..].chars().take(len).collect();
        distance(key, &head, 1) <= 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_accents_ligatures_case_and_spaces() {
        assert_eq!(normalize("Juzám Djinn"), "juzam djinn");
        assert_eq!(normalize("  JUZAM   DJINN "), "juzam djinn");
        assert_eq!(normalize("Æther Vial"), normalize("Aether Vial"));
        assert_eq!(normalize("Nevinyrral’s Disk"), "nevinyrral's disk");
    }

    #[test]
    fn suggests_the_nearest_name_within_three_edits() {
        let names = [
            ("wall of bone", "Wall of Bone"),
            ("wall of stone", "Wall of Stone"),
            ("lightning bolt", "Lightning Bolt"),
        ];
        let known = || names.iter().map(|&(n, d)| (n, d));
        assert_eq!(suggest("Wall of Bones", known()), Some("Wall of Bone"));
        assert_eq!(suggest("Lighting Bolt", known()), Some("Lightning Bolt"));
        assert_eq!(suggest("Fireball", known()), None);
        // A tie goes to the alphabetically first name.
        assert_eq!(suggest("Wall of Xone", known()), Some("Wall of Bone"));
        assert_eq!(distance("kitten", "sitting", 5), 3);
        assert_eq!(distance(&"x".repeat(1000), "y", 3), 4);
    }

    #[test]
    fn a_lookup_finds_names_by_a_part_or_a_misspelt_word() {
        let names = [
            ("craw wurm", "Craw Wurm"),
            ("orgg", "Orgg"),
            ("wurmcoil engine", "Wurmcoil Engine"),
            ("lightning bolt", "Lightning Bolt"),
        ];
        let known = || names.iter().map(|&(n, d)| (n, d));
        assert_eq!(candidates("craw", known(), 3), ["Craw Wurm", "Orgg"]);
        assert_eq!(
            candidates("WURM", known(), 3),
            ["Craw Wurm", "Wurmcoil Engine"]
        );
        assert_eq!(candidates("wurm", known(), 1), ["Craw Wurm"]);
        assert_eq!(candidates("lightnig", known(), 3), ["Lightning Bolt"]);
        assert_eq!(candidates("craw wurn", known(), 3), ["Craw Wurm"]);
        assert!(candidates("fireball", known(), 3).is_empty());
        assert!(candidates("", known(), 3).is_empty());
        // Two letters are in too many names to find them (the nearest
        // name within three edits is still suggested).
        assert_eq!(candidates("ur", known(), 3), ["Orgg"]);
    }
}
