import { dismissConsent, expect, signUpThroughApi, test } from './fixtures'
import { AskPartiScreen } from './pages/AskPartiScreen'
import { FIXTURES, NOT_AN_IMAGE } from './pages/CreateScreen'

const START = 400

test.describe('Ask Parti', () => {
  // jobs run on the local engine beside the browser: leave room for a busy machine
  test.describe.configure({ timeout: 60_000 })

  test.beforeEach(async ({ page }) => {
    await dismissConsent(page)
    await signUpThroughApi(page)
  })

  test('edits an attached image in a new conversation, shows before/after, keeps editing the result; 20 credits each', async ({
    page,
    shell,
  }) => {
    const chat = new AskPartiScreen(page)
    await chat.goto()
    // the messages of docs/product.md#validation-chat (Send is aria-disabled: reachable by keyboard, and it
    // says why)
    await chat.send.focus()
    await page.keyboard.press('Enter')
    await expect(chat.message).toHaveText('Please provide a prompt and select an image to edit.')
    await chat.attachFile.setInputFiles(NOT_AN_IMAGE)
    await expect(chat.message).toHaveText(
      'Please select a valid image file (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF)',
    )

    await chat.attachFile.setInputFiles(FIXTURES.room)
    await page.getByTestId('suggestions').getByRole('button', { name: 'Make it warmer and brighter' }).click()
    await chat.send.click()
    const first = await chat.resultId(1)
    await expect(page.getByTestId('chat-reply-text').last()).toHaveText(
      'Done: I warmed the colours and brightened it.',
    )
    await expect(page.getByTestId('chat-result').last().getByTestId('compare-slider')).toBeVisible()
    await expect(shell.credits).toContainText(`${START - 20}`)

    // the conversation is stored on the server and listed
    const conversationId = chat.conversationId()
    expect(conversationId).toBeTruthy()
    await expect(chat.conversations.getByText('Make it warmer and brighter', { exact: true })).toBeVisible()

    // the next request edits the last result
    await expect(page.getByTestId('selected-image')).toBeVisible()
    await chat.ask('now make it black and white')
    const second = await chat.resultId(2)
    expect(second).not.toBe(first)
    await expect(page.getByTestId('chat-reply-text').last()).toHaveText('Done: I made it black and white.')
    await expect(shell.credits).toContainText(`${START - 40}`)

    // reuse an earlier image of the conversation, or one from the gallery
    await expect(page.getByTestId('reuse-image').first()).toBeVisible()
    await page.getByTestId('attach-gallery').click()
    await page.getByTestId('gallery-picker').getByRole('button').first().click()
    await expect(page.getByTestId('gallery-picker')).toBeHidden()
    await expect(page.getByTestId('selected-image')).toBeVisible()

    // reload: the conversation comes back from the server
    await page.reload()
    await expect(page.getByTestId('user-message')).toHaveCount(2)
    await expect(page.getByTestId('chat-result')).toHaveCount(2)
  })

  test('says sorry when it cannot do a request, and asks for a new conversation when its own was deleted', async ({
    page,
  }) => {
    const chat = new AskPartiScreen(page)
    await chat.goto()
    await chat.attachFile.setInputFiles(FIXTURES.room)
    await chat.ask('add a grand piano next to the window')
    await expect(page.getByTestId('chat-failure-text')).toHaveText(
      "Sorry, I couldn't process your request. Try another prompt, avoid copyrighted or watermarked content, and ensure the image is clear.",
      { timeout: 30_000 },
    )
    await expect(page.getByTestId('chat-failed')).toContainText('20 credits were returned to your balance.')

    // the conversation goes away elsewhere; sending here says to start a new one
    const id = chat.conversationId()!
    const removed = await page.request.delete(`/api/conversations/${id}`)
    expect(removed.status()).toBe(200)
    await chat.ask('make it brighter')
    await expect(chat.message).toContainText('Please start a new conversation first')
  })

  test('deletes a conversation and clears all messages, each after a confirmation', async ({ page }) => {
    const chat = new AskPartiScreen(page)
    await chat.goto()
    await chat.attachFile.setInputFiles(FIXTURES.room)
    await chat.ask('crop it to 16:9')
    await chat.resultId(1)

    await page.getByTestId('clear-messages').click()
    await expect(chat.confirm).toContainText('Clear all messages? This is permanent and cannot be undone.')
    await chat.confirm.getByRole('button', { name: 'Clear all' }).click()
    await expect(page.getByTestId('greeting')).toBeVisible()

    const item = chat.conversations.getByRole('listitem').first()
    await item.hover()
    await item.getByTestId('delete-conversation').click()
    await expect(chat.confirm).toContainText('Delete this conversation? This cannot be undone.')
    await chat.confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(chat.conversations.getByRole('listitem')).toHaveCount(1)
    await item.hover()
    await item.getByTestId('delete-conversation').click()
    await chat.confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(
      chat.conversations.getByText('No conversations yet. Your edits will be listed here.'),
    ).toBeVisible()
  })
})
