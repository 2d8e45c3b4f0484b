import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** An API-format ComfyUI graph: node id → {class_type, inputs}; a link is [node id, output index]. */
export type ComfyGraph = Record<
  string,
  { class_type: string; inputs: Record<string, unknown>; _meta?: unknown }
>

export type WorkflowParam =
  | 'prompt'
  | 'negative_prompt'
  | 'image'
  | 'mask'
  | 'control_image'
  | 'width'
  | 'height'
  | 'seed'
  | 'frames'
  | 'fps'

const PARAMS: ReadonlySet<string> = new Set<WorkflowParam>([
  'prompt',
  'negative_prompt',
  'image',
  'mask',
  'control_image',
  'width',
  'height',
  'seed',
  'frames',
  'fps',
])

/** Nodes whose outputs are the job's result (images, or a video). */
const OUTPUT_NODES: ReadonlySet<string> = new Set([
  'SaveImage',
  'SaveVideo',
  'SaveAnimatedWEBP',
  'VHS_VideoCombine',
])

export const BUILT_IN_WORKFLOWS = join(dirname(fileURLToPath(import.meta.url)), 'workflows')

export interface Workflow {
  name: string
  graph: ComfyGraph
  params: Set<WorkflowParam>
  outputNode: string
}

const PLACEHOLDER = /^\{\{(\w+)\}\}$/

/**
 * Loads a template (a graph exported with ComfyUI's "Save (API format)") whose per-job values are string
 * placeholders such as "{{prompt}}" or "{{seed}}", and checks it: known placeholders only, links that point
 * at nodes that exist, one output node.
 */
export async function loadWorkflow(dir: string, name: string): Promise<Workflow> {
  const file = join(dir, `${name}.json`)
  let graph: ComfyGraph
  try {
    graph = JSON.parse(await readFile(file, 'utf8')) as ComfyGraph
  } catch (err) {
    throw new Error(`ComfyUI workflow ${name}: cannot read ${file} (${(err as Error).message})`)
  }
  const problems = graphProblems(graph)
  const params = new Set<WorkflowParam>()
  for (const node of Object.values(graph))
    for (const value of Object.values(node.inputs ?? {})) {
      const m = typeof value === 'string' ? PLACEHOLDER.exec(value) : null
      if (!m) continue
      if (PARAMS.has(m[1]!)) params.add(m[1] as WorkflowParam)
      else problems.push(`unknown placeholder {{${m[1]}}}`)
    }
  const outputs = Object.entries(graph).filter(([, n]) => OUTPUT_NODES.has(n.class_type))
  if (outputs.length !== 1) problems.push(`needs exactly one output node (${[...OUTPUT_NODES].join(', ')})`)
  if (problems.length) throw new Error(`ComfyUI workflow ${name}: ${problems.join('; ')}`)
  return { name, graph, params, outputNode: outputs[0]![0] }
}

/** What is wrong with a graph's shape: nodes without a class, links to missing nodes. */
function graphProblems(graph: ComfyGraph): string[] {
  const problems: string[] = []
  if (!graph || typeof graph !== 'object' || Array.isArray(graph)) return ['not a graph object']
  for (const [id, node] of Object.entries(graph)) {
    if (!node || typeof node.class_type !== 'string' || typeof node.inputs !== 'object') {
      problems.push(`node ${id} has no class_type or inputs`)
      continue
    }
    for (const [input, value] of Object.entries(node.inputs)) {
      if (!Array.isArray(value)) continue
      const [from, index] = value as [unknown, unknown]
      if (typeof from !== 'string' || !graph[from] || typeof index !== 'number')
        problems.push(`node ${id} input ${input} links to a node that does not exist`)
    }
  }
  return problems
}

/** A copy of the graph with this job's values in place of the placeholders. */
export function fillWorkflow(workflow: Workflow, values: Partial<Record<WorkflowParam, string | number>>) {
  const missing = [...workflow.params].filter((p) => values[p] === undefined)
  if (missing.length) throw new Error(`ComfyUI workflow ${workflow.name}: no value for ${missing.join(', ')}`)
  const graph = structuredClone(workflow.graph)
  for (const node of Object.values(graph))
    for (const [key, value] of Object.entries(node.inputs)) {
      const m = typeof value === 'string' ? PLACEHOLDER.exec(value) : null
      if (m) node.inputs[key] = values[m[1] as WorkflowParam]
    }
  return graph
}

const controlNets = new Map<string, boolean>()

/**
 * Whether a template steers its result with ControlNet nodes, which "Follow my lines" scales
 * (docs/product.md#follow-lines). Read once per template; an unreadable one has none (start-up refuses it anyway).
 */
export function hasControlNet(dir: string, name: string): boolean {
  const key = join(dir, `${name}.json`)
  let found = controlNets.get(key)
  if (found === undefined) {
    try {
      const graph = JSON.parse(readFileSync(key, 'utf8')) as ComfyGraph
      found = Object.values(graph).some((n) => n.class_type?.startsWith('ControlNetApply'))
    } catch {
      found = false
    }
    controlNets.set(key, found)
  }
  return found
}
