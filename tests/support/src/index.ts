export {
  type Found,
  installClosure,
  type Manifest,
  packedManifest,
  scanPackage,
  strayImports,
} from './package-closure.js';
