public import IntentKit

/// `intentflow say "add milk to my todos"`.
extension AddTodo: PhraseProvidingIntent {
  public static var phrases: [String] { ["Add ${title} to my todos", "Remind me to ${title}"] }
}
