public import IntentKit

/// The pure data domains: text, numbers, lists, dictionaries, JSON and dates. None of their
/// intents reads or writes anything outside the run (no files, processes, network or stores),
/// so this library depends on no system library; the clock and randomness they read come
/// from the run's environment.
public enum DataIntents {
  /// The domains, in the order `intentflow intents` lists them.
  public static let domains: [IntentDomain] = [
    .text, .numbers, .lists, .dictionaries, .json, .dates,
  ]

  /// Every intent of the data domains.
  public static var all: [any AppIntent.Type] { domains.flatMap(\.intents) }
}

extension IntentDomain {
  public static let text = IntentDomain(
    name: "Text", prefixes: ["text"],
    intents: [
      Uppercase.self, ComposeText.self, Lowercase.self, Titlecase.self, TrimText.self,
      SplitText.self, JoinText.self, ReplaceText.self, MatchText.self, HashText.self,
      Base64Encode.self, Base64Decode.self, URLEncode.self, URLDecode.self,
    ])

  public static let numbers = IntentDomain(
    name: "Numbers", prefixes: ["math", "number"],
    intents: [
      Calculate.self, RoundNumber.self, RandomNumber.self, Statistics.self, FormatNumber.self,
    ])

  public static let lists = IntentDomain(
    name: "Lists", prefixes: ["list"],
    intents: [
      CountList.self, GetListItem.self, SliceList.self, SortList.self, UniqueList.self,
      ReverseList.self, CombineLists.self, RandomListItem.self,
    ])

  public static let dictionaries = IntentDomain(
    name: "Dictionaries", prefixes: ["dict"],
    intents: [
      GetDictionaryValue.self, SetDictionaryValue.self, DictionaryKeys.self,
      DictionaryValues.self, MergeDictionaries.self,
    ])

  public static let json = IntentDomain(
    name: "JSON", prefixes: ["json"], intents: [ParseJSON.self, EncodeJSON.self])

  public static let dates = IntentDomain(
    name: "Dates", prefixes: ["date"],
    intents: [
      CurrentDate.self, AdjustDate.self, StartOfDate.self, FormatDate.self, ParseDate.self,
      DateDifference.self,
    ])
}
