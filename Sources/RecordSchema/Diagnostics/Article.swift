/// The word with its indefinite article, for messages: "a STRING field", "an ASSET field", "an int64 field".
/// Every kind name that starts with a vowel letter also starts with a vowel sound, so the letter decides.
func withArticle(_ word: String) -> String {
    guard let first = word.first?.lowercased() else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
}
