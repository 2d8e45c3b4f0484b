import { describe, expect, it } from 'vitest'
import { startTestS3 } from '../../../test/helpers/s3.ts'
import { blobStoreContract } from '../blob-store.contract.ts'
import { S3BlobStore } from './s3-blob-store.ts'

const settingsOf = (s3: { endpoint: string; bucket: string }) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
})

blobStoreContract('S3 bucket (s3rver)', async () => {
  const s3 = await startTestS3()
  const store = new S3BlobStore(settingsOf(s3))
  return {
    store,
    async close() {
      store.client.destroy()
      await s3.close()
    },
  }
})

describe('S3 blob store', () => {
  it('lists and deletes a folder of more keys than one listing page holds', async () => {
    const s3 = await startTestS3()
    const store = new S3BlobStore({ ...settingsOf(s3), pageSize: 10 })
    try {
      const keys = Array.from({ length: 25 }, (_, i) => `users/big/k${String(i).padStart(4, '0')}.json`)
      await Promise.all(keys.map((k) => store.put(k, Buffer.from('1'), 'application/json')))
      const listed: string[] = []
      for await (const key of store.list('users/big/')) listed.push(key)
      expect(listed.sort()).toEqual(keys)
      await store.deletePrefix('users/big/')
      for await (const key of store.list('users/big/')) throw new Error(`still there: ${key}`)
    } finally {
      store.client.destroy()
      await s3.close()
    }
  })

  it('says so when the bucket is not there, instead of answering "no such file"', async () => {
    const s3 = await startTestS3()
    const store = new S3BlobStore({ ...settingsOf(s3), bucket: 'missing-bucket' })
    try {
      await expect(store.check()).rejects.toThrow(/missing-bucket/)
    } finally {
      store.client.destroy()
      await s3.close()
    }
  })
})
