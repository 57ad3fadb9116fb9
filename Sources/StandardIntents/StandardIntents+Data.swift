public import IntentKit

extension StandardIntents {
  /// The intents of the pure data domains: text, numbers, lists, dictionaries, JSON and
  /// dates. None of them reads or writes anything outside the run.
  public static let dataIntents: [any AppIntent.Type] = [
    // Text (text.uppercase is listed in `all`).
    ComposeText.self, Lowercase.self, Titlecase.self, TrimText.self, SplitText.self,
    JoinText.self, ReplaceText.self, MatchText.self, HashText.self, Base64Encode.self,
    Base64Decode.self, URLEncode.self, URLDecode.self,
    // Numbers.
    Calculate.self, RoundNumber.self, RandomNumber.self, Statistics.self, FormatNumber.self,
    // Lists (list.count is listed in `all`).
    GetListItem.self, SliceList.self, SortList.self, UniqueList.self, ReverseList.self,
    CombineLists.self, RandomListItem.self,
    // Dictionaries.
    GetDictionaryValue.self, SetDictionaryValue.self, DictionaryKeys.self, DictionaryValues.self,
    MergeDictionaries.self,
    // JSON.
    ParseJSON.self, EncodeJSON.self,
    // Dates.
    CurrentDate.self, AdjustDate.self, StartOfDate.self, FormatDate.self, ParseDate.self,
    DateDifference.self,
  ]
}
