type GreetingKey = 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening'

/** The greeting of the hour (chat namespace key). */
export function greetingKeyFor(hour: number): GreetingKey {
  if (hour >= 5 && hour < 12) return 'greeting.morning'
  if (hour >= 12 && hour < 18) return 'greeting.afternoon'
  return 'greeting.evening'
}
