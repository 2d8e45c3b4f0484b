import { expect, type Locator, type Page } from '@playwright/test'
import { SCREEN_APPEARS_MS } from './AppShell'

/** / when signed in: Ask Parti. */
export class AskPartiScreen {
  readonly prompt: Locator
  readonly send: Locator
  readonly attachFile: Locator
  readonly message: Locator
  readonly thread: Locator
  readonly conversations: Locator
  readonly confirm: Locator

  constructor(readonly page: Page) {
    this.prompt = page.getByTestId('prompt')
    this.send = page.getByTestId('send')
    this.attachFile = page.getByTestId('attach-file')
    this.message = page.getByTestId('composer-message')
    this.thread = page.getByTestId('chat-thread')
    this.conversations = page.getByTestId('conversation-list').first()
    this.confirm = page.getByTestId('confirm-dialog')
  }

  async goto() {
    await this.page.goto('/')
    await expect(this.page.getByTestId('greeting')).toBeVisible({ timeout: SCREEN_APPEARS_MS })
  }

  async ask(text: string) {
    await this.prompt.fill(text)
    await this.send.click()
  }

  /** The id of the conversation's `count`-th finished edit, once it is there. */
  async resultId(count: number): Promise<string> {
    const results = this.page.getByTestId('chat-result')
    await expect(results).toHaveCount(count, { timeout: 30_000 })
    return (await results.nth(count - 1).getAttribute('data-generation-id'))!
  }

  conversationId(): string | null {
    return new URL(this.page.url()).searchParams.get('c')
  }
}
