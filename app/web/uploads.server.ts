import {
  BRAND_LOGO_FIELD,
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_POST,
  PRODUCT_IMAGE_FIELD,
  storeBrandLogo,
  storeProductImages,
  type BrandLogoUpload,
} from "~/models/catalog/product-images.server";
import {
  admitProofUpload,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  type ReceivedProof,
} from "~/models/checkout/proofs.server";
import { PROOF_ID_PATTERN } from "~/models/checkout/checkout";
import type { LateProof } from "~/models/orders/late-proof.server";
import { discardFiles, readMultipartForm, type MultipartLimits } from "~/utils/uploads.server";

/*
 * The multipart bodies the shop reads (issue 38): each reader streams its files to temporary
 * files (utils/uploads.server.ts), hands them to its model to check and store, and returns the
 * text fields with what was stored.
 */

/**
 * The brand form's body and its logo (field `logo`, storeBrandLogo). `logo` is null when no
 * file was sent (the current logo stays).
 */
export async function readBrandForm(
  request: Request,
): Promise<{ formData: FormData; logo: BrandLogoUpload }> {
  const { formData, files } = await readMultipartForm(request, {
    files: { [BRAND_LOGO_FIELD]: 1 },
    maxFileBytes: IMAGE_MAX_BYTES,
    maxBodyBytes: 2 * IMAGE_MAX_BYTES,
  });
  try {
    return { formData, logo: await storeBrandLogo(files[0]) };
  } finally {
    discardFiles(files);
  }
}

/**
 * The product form's body: text fields, plus up to ten pictures in `newImages` stored as
 * product images. Returns the keys stored, in the order chosen, and one message per file
 * that was refused.
 */
export async function readProductForm(request: Request) {
  const { formData, files } = await readMultipartForm(request, {
    files: { [PRODUCT_IMAGE_FIELD]: MAX_IMAGES_PER_POST },
    maxFileBytes: IMAGE_MAX_BYTES,
    maxBodyBytes: (MAX_IMAGES_PER_POST + 1) * IMAGE_MAX_BYTES,
  });
  try {
    return { formData, ...(await storeProductImages(files)) };
  } finally {
    discardFiles(files);
  }
}

/**
 * The checkout's body: the proof (field `proofFile`, or the given `field`: the JSON API's
 * upload names it `paymentProof`) streamed to a temporary file, counted against the address's
 * proof limit as it starts to arrive. The caller owns the temporary file (storeProof removes it).
 */
export async function readCheckoutForm(
  request: Request,
  {
    clientIp,
    field = PROOF_FIELD,
    onIncomplete,
  }: { clientIp: string; field?: string; onIncomplete?: MultipartLimits["onIncomplete"] },
): Promise<{ formData: FormData; proof: ReceivedProof }> {
  const { formData, files } = await readMultipartForm(request, {
    files: { [field]: 1 },
    maxFileBytes: PROOF_MAX_BYTES,
    admitFile: () => admitProofUpload(clientIp),
    onIncomplete,
  });
  const [file] = files;
  const proof: ReceivedProof = !file
    ? { status: "none" }
    : file.status === "received"
      ? { status: "received", tempPath: file.tempPath, size: file.size }
      : { status: file.status === "refused" ? "too_many" : "too_large" };
  return { formData, proof };
}

/**
 * A late receipt's body (decision 096): the file posted without JavaScript, or else the id in
 * `paymentProof` of the photo its page sent on its own (issue 39); sendLateProof checks whose
 * it is.
 */
export async function readLateProofForm(
  request: Request,
  options: { clientIp: string },
): Promise<{ formData: FormData; proof: LateProof }> {
  const { formData, proof } = await readCheckoutForm(request, options);
  const id = formData.get("paymentProof");
  if (proof.status === "none" && typeof id === "string" && PROOF_ID_PATTERN.test(id)) {
    return { formData, proof: { status: "uploaded", id } };
  }
  return { formData, proof };
}
