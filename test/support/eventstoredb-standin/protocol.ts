// PROTOCOL STAND-IN, NOT EVENTSTOREDB: the gRPC service definitions and protobuf message classes the
// stand-in server speaks, taken from the generated stubs the official client ships
// (@eventstore/db-client/generated), so both ends of the wire use the same .proto-derived code.
// Loaded with require: the generated files are CommonJS whose exports ESM cannot name statically.
import { createRequire } from 'node:module';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb';
import type * as EmptyPb from 'google-protobuf/google/protobuf/empty_pb';
import type * as ServerFeaturesGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import type * as ServerFeaturesPb from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb';
import type * as StatusPb from '@eventstore/db-client/generated/status_pb';
import type * as StreamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb';

const require = createRequire(import.meta.url);
const generated = (name: string): unknown => require(`@eventstore/db-client/generated/${name}`);

export const streams = generated('streams_pb') as typeof StreamsPb;
export const streamsGrpc = generated('streams_grpc_pb') as typeof StreamsGrpc;
export const shared = generated('shared_pb') as typeof SharedPb;
export const status = generated('status_pb') as typeof StatusPb;
export const serverFeatures = generated('serverfeatures_pb') as typeof ServerFeaturesPb;
export const serverFeaturesGrpc = generated('serverfeatures_grpc_pb') as typeof ServerFeaturesGrpc;
export const { Any } = require('google-protobuf/google/protobuf/any_pb') as typeof AnyPb;
export const { Empty } = require('google-protobuf/google/protobuf/empty_pb') as typeof EmptyPb;
