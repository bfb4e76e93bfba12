import type { Migration } from "kysely/migration";
import * as appMeta from "./0001_app_meta.ts";
import * as jobsAndMail from "./0002_jobs_and_mail.ts";
import * as signInEvents from "./0003_sign_in_events.ts";
import * as accountKeys from "./0004_account_keys.ts";
import * as personalNetwork from "./0005_personal_network.ts";
import * as recordsCommentsActivity from "./0006_records_comments_activity.ts";
import * as documents from "./0007_documents.ts";
import * as nominees from "./0008_nominees.ts";
import * as documentMetadataEncrypted from "./0009_document_metadata_encrypted.ts";
import * as billing from "./0010_billing.ts";
import * as companies from "./0011_companies.ts";
import * as adminArea from "./0012_admin_area.ts";
import * as spentLinks from "./0013_spent_links.ts";
import * as rateLimits from "./0014_rate_limits.ts";
import * as blobChunkWrittenAt from "./0015_blob_chunk_written_at.ts";
import * as passwordConfirmations from "./0016_password_confirmations.ts";
import * as searchTerms from "./0017_search_terms.ts";
import * as mailSendingUntil from "./0018_mail_sending_until.ts";
import * as searchTermSubjectHashes from "./0019_search_term_subject_hashes.ts";
import * as jobSubject from "./0020_job_subject.ts";
import * as importRuns from "./0021_import_runs.ts";
import * as documentPending from "./0022_document_pending.ts";
import * as nomineeRevokedAt from "./0023_nominee_revoked_at.ts";
import * as subscriptionPrice from "./0024_subscription_price.ts";
import * as notApplicable from "./0025_not_applicable.ts";
import * as collaborators from "./0026_collaborators.ts";
import * as recordVersion from "./0027_record_version.ts";
import * as networkVersions from "./0028_network_versions.ts";
import * as networkChangedBy from "./0029_network_changed_by.ts";

/**
 * Every migration, in order, listed by hand: a list survives bundling and type stripping where a
 * folder scan would not, and a new migration is one import and one line here.
 */
export const migrations: Record<string, Migration> = {
  "0001_app_meta": appMeta,
  "0002_jobs_and_mail": jobsAndMail,
  "0003_sign_in_events": signInEvents,
  "0004_account_keys": accountKeys,
  "0005_personal_network": personalNetwork,
  "0006_records_comments_activity": recordsCommentsActivity,
  "0007_documents": documents,
  "0008_nominees": nominees,
  "0009_document_metadata_encrypted": documentMetadataEncrypted,
  "0010_billing": billing,
  "0011_companies": companies,
  "0012_admin_area": adminArea,
  "0013_spent_links": spentLinks,
  "0014_rate_limits": rateLimits,
  "0015_blob_chunk_written_at": blobChunkWrittenAt,
  "0016_password_confirmations": passwordConfirmations,
  "0017_search_terms": searchTerms,
  "0018_mail_sending_until": mailSendingUntil,
  "0019_search_term_subject_hashes": searchTermSubjectHashes,
  "0020_job_subject": jobSubject,
  "0021_import_runs": importRuns,
  "0022_document_pending": documentPending,
  "0023_nominee_revoked_at": nomineeRevokedAt,
  "0024_subscription_price": subscriptionPrice,
  "0025_not_applicable": notApplicable,
  "0026_collaborators": collaborators,
  "0027_record_version": recordVersion,
  "0028_network_versions": networkVersions,
  "0029_network_changed_by": networkChangedBy,
};
