import 'reflect-metadata'
import { createPrivateKey, type KeyObject, webcrypto, X509Certificate } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as x509 from '@peculiar/x509'

/** The signing algorithms Parti's COSE signer speaks, by the C2PA name the SDK expects. */
export type SigningAlg = 'es256' | 'es384' | 'es512' | 'ps256' | 'ed25519'

/** What signs every manifest (docs/decisions/0113-c2pa-signing-at-download.md). */
export interface SigningCredentials {
  alg: SigningAlg
  key: KeyObject
  /** DER, the signing certificate first, then its intermediates (never the root) */
  chain: Buffer[]
  /** true when Parti generated its own test certificate because C2PA_CERT and C2PA_KEY are unset */
  testCertificate: boolean
  /** the signer's common name and organisation, as the verify page shows it */
  subject: string
  /** PEM anchors a reader trusts beyond the public C2PA list: the generated test root, if any */
  anchorsPem: string | null
}

const TEST_DIR = 'c2pa'
const P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const
/** id-kp-emailProtection, one of the extended key usages C2PA accepts for a claim signer */
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4'
/** id-kp-documentSigning (RFC 9336), the other one */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36'

/** A value that is either PEM text or the path of a PEM file. */
function pemOf(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8')
}

function certsOf(pem: string): Buffer[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  return blocks.map((b) => Buffer.from(new X509Certificate(b).raw))
}

function algOf(key: KeyObject): SigningAlg {
  const type = key.asymmetricKeyType
  if (type === 'ed25519') return 'ed25519'
  if (type === 'rsa-pss' || type === 'rsa') return 'ps256'
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve
    if (curve === 'prime256v1') return 'es256'
    if (curve === 'secp384r1') return 'es384'
    if (curve === 'secp521r1') return 'es512'
  }
  throw new Error(
    `C2PA_KEY: a ${type} key on ${key.asymmetricKeyDetails?.namedCurve ?? '?'} cannot sign C2PA manifests`,
  )
}

/**
 * C2PA_CERT (the signing certificate then its intermediates, PEM text or a file) and C2PA_KEY (its private key,
 * PEM text or a file); both unset: a test root and signer generated once into DATA_DIR/c2pa and kept there, so
 * files signed before a restart still verify against the same certificate.
 */
export async function loadSigningCredentials(options: {
  cert?: string | undefined
  key?: string | undefined
  dataDir: string
}): Promise<SigningCredentials> {
  if (options.cert && options.key) {
    const chain = certsOf(pemOf(options.cert))
    if (!chain.length) throw new Error('C2PA_CERT: no certificate found')
    const key = createPrivateKey(pemOf(options.key))
    const leaf = new X509Certificate(chain[0]!)
    if (!leaf.checkPrivateKey(key))
      throw new Error('C2PA_KEY: not the key of the first certificate in C2PA_CERT')
    return { alg: algOf(key), key, chain, testCertificate: false, subject: leaf.subject, anchorsPem: null }
  }
  const file = join(options.dataDir, TEST_DIR, 'test-signer.pem')
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    const made = await generateTestCertificate()
    // written aside then linked into place: two processes starting at once keep one pair, never a mix
    const aside = `${file}.${process.pid}.${Date.now()}`
    writeFileSync(aside, `${made.keyPem}${made.certPem}${made.rootPem}`, { mode: 0o600 })
    try {
      linkSync(aside, file)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    } finally {
      unlinkSync(aside)
    }
  }
  const pem = readFileSync(file, 'utf8')
  const [signer, root] = certsOf(pem)
  if (!signer || !root)
    throw new Error(`${file}: the test signer and its root are missing; delete the file to make new ones`)
  return {
    alg: 'es256',
    key: createPrivateKey(pem),
    chain: [signer],
    testCertificate: true,
    subject: new X509Certificate(signer).subject,
    anchorsPem: new X509Certificate(root).toString(),
  }
}

/**
 * A root made for this installation and a signer it issues (C2PA refuses a self-signed signing certificate, so
 * the test signer has a root of its own). Both say in their names that they are a test and not trusted.
 */
async function generateTestCertificate(): Promise<{
  rootPem: string
  certPem: string
  keyPem: string
}> {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0])
  const notBefore = new Date(Date.now() - 24 * 3600_000)
  const notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000)
  const rootKeys = (await webcrypto.subtle.generateKey(P256, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=Parti test root (self-signed; not trusted), O=Parti',
    notBefore,
    notAfter,
    signingAlgorithm: P256,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  })
  const keys = (await webcrypto.subtle.generateKey(P256, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=Parti test signer (self-signed test certificate; not trusted), O=Parti',
    issuer: root.subject,
    notBefore,
    notAfter,
    signingAlgorithm: P256,
    publicKey: keys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EMAIL_PROTECTION, DOCUMENT_SIGNING], false),
      await x509.AuthorityKeyIdentifierExtension.create(root, false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  })
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey))
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`
  return {
    rootPem: root.toString('pem'),
    certPem: cert.toString('pem'),
    keyPem: keyPem.replace(/\n\n/g, '\n'),
  }
}

const serial = () =>
  Buffer.from(webcrypto.getRandomValues(new Uint8Array(12)))
    .toString('hex')
    .replace(/^[89a-f]/, '1')
