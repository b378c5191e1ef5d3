/** What other features use: the face check of a signing step (contracts). */
export { FaceCheck, type FaceCheckProps } from './components/FaceCheck';
