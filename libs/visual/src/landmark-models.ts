import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { Config, FaceResult, HandResult, Human as HumanInstance } from '@vladmandic/human';

// The package's main entry resolves to dist/human.node.js (tfjs-node); its `exports` keys for the
// other builds lack the leading "./" and so cannot be imported by name. The WASM build sits beside
// it: tfjs-node cannot install here (it downloads binaries), the WASM backend needs none.
const HUMAN_DIST = path.dirname(require.resolve('@vladmandic/human'));
const HUMAN_DIR = path.dirname(HUMAN_DIST);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Human } = require(path.join(HUMAN_DIST, 'human.node-wasm.js')) as { Human: new (config?: Partial<Config>) => HumanInstance };
const WASM_DIR = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
const MODELS_DIR = path.join(HUMAN_DIR, 'models') + path.sep;

export type Point3 = [number, number, number];
export interface DetectedFace {
  score: number;
  box: [number, number, number, number];
  mesh: Point3[];
}
export interface DetectedHand {
  score: number;
  fingerScore: number;
  box: [number, number, number, number];
  keypoints: Point3[];
}

/**
 * Model configuration. Face and hand run separately (a palm photo needs no face model and the
 * reverse), each on one subject; the caches that help video are off, so every photo is analysed
 * from scratch and two jobs can never see each other's results.
 */
const BASE_CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: WASM_DIR,
  modelBasePath: `file://${MODELS_DIR}`,
  debug: false,
  async: true,
  warmup: 'none',
  cacheSensitivity: 0,
  filter: { enabled: false } as Config['filter'],
  face: {
    enabled: false,
    detector: { rotation: true, maxDetected: 1, minConfidence: 0.3 },
    mesh: { enabled: true },
    iris: { enabled: true },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  } as Config['face'],
  hand: { enabled: false, maxDetected: 2, rotation: true, skipFrames: 0, minConfidence: 0.3, landmarks: true } as Config['hand'],
  body: { enabled: false } as Config['body'],
  object: { enabled: false } as Config['object'],
  gesture: { enabled: false },
  segmentation: { enabled: false } as Config['segmentation'],
};

/**
 * Reads a tfjs graph model (model.json plus its .bin shards) from a file:// URL. tfjs-core only
 * knows http(s) and browser storage; this router lets the models load from the package folder,
 * offline.
 */
function fileUrlLoader(url: string | string[]) {
  const first = Array.isArray(url) ? url[0] : url;
  if (typeof first !== 'string' || !first.startsWith('file://')) return null;
  const file = first.slice('file://'.length);
  return {
    async load() {
      const json = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      const dir = path.dirname(file);
      const weightSpecs = [];
      const shards: Buffer[] = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const shard of group.paths) shards.push(await fs.promises.readFile(path.join(dir, shard)));
      }
      const weights = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
        weightSpecs,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
      };
    },
  };
}

/**
 * The landmark models of one worker process: loaded once (about 330 MB), shared by every job the
 * process runs. Calls are serialised, since the WASM backend runs one inference at a time anyway
 * and interleaving two would only mix their tensors' lifetimes.
 */
export class LandmarkModels {
  private human: HumanInstance | null = null;
  private loading: Promise<HumanInstance> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private async instance(): Promise<HumanInstance> {
    if (this.human) return this.human;
    this.loading ??= (async () => {
      const human = new Human(BASE_CONFIG);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      human.tf.io.registerLoadRouter(fileUrlLoader as any);
      await human.load({
        ...BASE_CONFIG,
        face: { ...BASE_CONFIG.face, enabled: true },
        hand: { ...BASE_CONFIG.hand, enabled: true },
      } as Partial<Config>);
      this.human = human;
      return human;
    })();
    return this.loading;
  }

  /** Loads the models now (a worker calls this at start so the first job does not pay for it). */
  async load(): Promise<void> {
    await this.instance();
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs the face or hand models on an RGB image (any encoded image sharp can read). */
  private async detect(image: Buffer, which: 'face' | 'hand') {
    const human = await this.instance();
    const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return this.serialised(async () => {
      const tensor = human.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
      try {
        return await human.detect(
          tensor as never,
          {
            face: { ...BASE_CONFIG.face, enabled: which === 'face' },
            hand: { ...BASE_CONFIG.hand, enabled: which === 'hand' },
          } as Partial<Config>,
        );
      } finally {
        human.tf.dispose(tensor);
      }
    });
  }

  async faces(image: Buffer): Promise<DetectedFace[]> {
    const result = await this.detect(image, 'face');
    return result.face.map((f: FaceResult) => ({
      score: f.score,
      box: [...f.box] as DetectedFace['box'],
      mesh: f.mesh.map((p) => [p[0], p[1], p[2] ?? 0] as Point3),
    }));
  }

  async hands(image: Buffer): Promise<DetectedHand[]> {
    const result = await this.detect(image, 'hand');
    return result.hand.map((h: HandResult) => ({
      score: h.score,
      fingerScore: h.fingerScore,
      box: [...h.box] as DetectedHand['box'],
      keypoints: h.keypoints.map((p) => [p[0], p[1], p[2] ?? 0] as Point3),
    }));
  }
}
