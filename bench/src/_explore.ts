// temporary: seed a persistent database for EXPLAIN experiments (not committed)

import pg from 'pg'
import pino from 'pino'
import { createContext } from '../../apps/server/src/bootstrap.ts'
import { loadConfig } from '../../apps/server/src/config.ts'
import { seedMillion } from './gallery-seed.ts'

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' })
await admin.connect()
await admin.query('drop database if exists parti_gal_explore with (force)')
await admin.query('create database parti_gal_explore')
await admin.end()
const url = 'postgres://postgres@127.0.0.1:5432/parti_gal_explore'
const ctx = await createContext(
  loadConfig({ DATA_DIR: '/tmp/gal/explore', DATABASE_URL: url, LOG_LEVEL: 'silent' }),
  pino({ level: 'silent' }),
)
await ctx.database.close()
const c = new pg.Client({ connectionString: url })
await c.connect()
const { rows } = await c.query(
  `insert into users (id, email, credits) values (gen_random_uuid(), 'heavy@parti.test', 0) returning id`,
)
await c.end()
console.log('heavy', rows[0].id, await seedMillion(url, rows[0].id))
