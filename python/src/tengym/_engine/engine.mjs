// Built by `npm run build:python` from src/bridge/engine.ts; do not edit.
const __TENGYM_VERSION__ = "0.1.0";
import { closeSync, constants, ftruncateSync, openSync, readSync, writeSync } from "node:fs";
// node_modules/zod/v4/core/util.js
function getEnumValues(entries) {
	const numericValues = Object.values(entries).filter((v) => typeof v === "number");
	return Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
}
function joinValues(array, separator = "|") {
	return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
	if (typeof value === "bigint") return value.toString();
	return value;
}
var Cached = class {
	constructor(getter) {
		this._getter = getter;
		this._value = void 0;
	}
	get value() {
		const getter = this._getter;
		if (getter !== void 0) {
			this._value = getter();
			this._getter = void 0;
		}
		return this._value;
	}
};
function cached(getter) {
	return new Cached(getter);
}
function nullish(input) {
	return input === null || input === void 0;
}
function cleanRegex(source) {
	const start = source.startsWith("^") ? 1 : 0;
	const end = source.endsWith("$") ? source.length - 1 : source.length;
	return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
	const ratio = val / step;
	const roundedRatio = Math.round(ratio);
	const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
	if (Math.abs(ratio - roundedRatio) < tolerance) return 0;
	return ratio - roundedRatio;
}
function assignProp(target, prop, value) {
	Object.defineProperty(target, prop, {
		value,
		writable: true,
		enumerable: true,
		configurable: true
	});
}
/**
* Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
*
* Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
*/
function rawShape(def) {
	const desc = Object.getOwnPropertyDescriptor(def, "shape");
	return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
	return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
	Object.defineProperty(target, key, {
		get() {
			const value = getter();
			assignProp(this, key, value);
			return value;
		},
		enumerable: true,
		configurable: true
	});
}
function putProp(target, key, value) {
	if (key in target) assignProp(target, key, value);
	else target[key] = value;
}
/**
* Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
*
* A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
*/
function mirrorShape(target, source, keys, wrap) {
	const raw = sourceShape(source);
	for (const key of keys) {
		const desc = Object.getOwnPropertyDescriptor(raw, key);
		if (!desc.enumerable) continue;
		if (desc.get) deferProp(target, key, () => {
			const value = source._zod.def.shape[key];
			return wrap ? wrap(value, key) : value;
		});
		else putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
	}
}
function mirrorProps(target, source) {
	for (const key of Reflect.ownKeys(source)) {
		const desc = Object.getOwnPropertyDescriptor(source, key);
		if (!desc.enumerable) continue;
		if (desc.get) deferProp(target, key, () => source[key]);
		else putProp(target, key, desc.value);
	}
}
function mergeDefs(...defs) {
	const mergedDescriptors = {};
	for (const def of defs) {
		const descriptors = Object.getOwnPropertyDescriptors(def);
		Object.assign(mergedDescriptors, descriptors);
	}
	return Object.defineProperties({}, mergedDescriptors);
}
function esc(str) {
	return JSON.stringify(str);
}
function slugify(input) {
	return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
const captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {};
function isObject(data) {
	return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ cached(() => {
	if (globalConfig.jitless) return false;
	if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) return false;
	try {
		new Function("");
		return true;
	} catch (_) {
		return false;
	}
});
function isPlainObject$1(o) {
	if (isObject(o) === false) return false;
	const ctor = o.constructor;
	if (ctor === void 0) return true;
	if (typeof ctor !== "function") return true;
	const prot = ctor.prototype;
	if (isObject(prot) === false) return false;
	if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) return false;
	return true;
}
function shallowClone(o) {
	if (isPlainObject$1(o)) return { ...o };
	if (Array.isArray(o)) return [...o];
	if (o instanceof Map) return new Map(o);
	if (o instanceof Set) return new Set(o);
	return o;
}
const propertyKeyTypes = /* @__PURE__*/ new Set([
	"string",
	"number",
	"symbol"
]);
function escapeRegex(str) {
	return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
	const cl = new inst._zod.constr(def ?? inst._zod.def);
	if (!def || params?.parent) cl._zod.parent = inst;
	return cl;
}
function normalizeParams(_params) {
	const params = _params;
	if (!params) return {};
	if (typeof params === "string") return { error: () => params };
	if (params?.message !== void 0) {
		if (params?.error !== void 0) throw new Error("Cannot specify both `message` and `error` params");
		params.error = params.message;
	}
	delete params.message;
	if (typeof params.error === "string") return {
		...params,
		error: () => params.error
	};
	return params;
}
function stringifyPrimitive(value) {
	if (typeof value === "bigint") return value.toString() + "n";
	if (typeof value === "string") return `"${value}"`;
	return `${value}`;
}
function optionalKeys(shape) {
	return Object.keys(shape).filter((k) => {
		return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
	});
}
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
	safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
	int32: [-2147483648, 2147483647],
	uint32: [0, 4294967295],
	float32: [-34028234663852886e22, 34028234663852886e22],
	float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
const BIGINT_FORMAT_RANGES = {
	int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
	uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
	const currDef = schema._zod.def;
	const checks = currDef.checks;
	if (checks && checks.length > 0) throw new Error(".pick() cannot be used on object schemas containing refinements");
	const newShape = {};
	mirrorShape(newShape, schema, maskedKeys(schema, mask));
	return clone(schema, mergeDefs(currDef, {
		shape: newShape,
		checks: []
	}));
}
function maskedKeys(schema, mask) {
	const raw = sourceShape(schema);
	const keys = [];
	for (const key of Reflect.ownKeys(mask)) {
		if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) throw new Error(`Unrecognized key: "${String(key)}"`);
		if (mask[key]) keys.push(key);
	}
	return keys;
}
function omit$1(schema, mask) {
	const currDef = schema._zod.def;
	const checks = currDef.checks;
	if (checks && checks.length > 0) throw new Error(".omit() cannot be used on object schemas containing refinements");
	const omitted = new Set(maskedKeys(schema, mask));
	const newShape = {};
	mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
	return clone(schema, mergeDefs(currDef, {
		shape: newShape,
		checks: []
	}));
}
function extend$1(schema, shape) {
	if (!isPlainObject$1(shape)) throw new Error("Invalid input to extend: expected a plain object");
	const checks = schema._zod.def.checks;
	if (checks && checks.length > 0) {
		const existingShape = sourceShape(schema);
		for (const key of Reflect.ownKeys(shape)) if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
	}
	return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
	const newShape = {};
	mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
	mirrorProps(newShape, shape);
	return newShape;
}
function safeExtend(schema, shape) {
	if (!isPlainObject$1(shape)) throw new Error("Invalid input to safeExtend: expected a plain object");
	return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
	if (!b?._zod?.def) throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
	if (a._zod.def.checks?.length) throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
	const newShape = {};
	mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
	mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
	return clone(a, mergeDefs(a._zod.def, {
		shape: newShape,
		get catchall() {
			return b._zod.def.catchall;
		},
		checks: b._zod.def.checks ?? []
	}));
}
function partial(Class, schema, mask, name = "partial") {
	const checks = schema._zod.def.checks;
	if (checks && checks.length > 0) throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
	const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
	const newShape = {};
	mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class && ((value, key) => selected && !selected.has(key) ? value : new Class({
		type: "optional",
		innerType: value
	})));
	return clone(schema, mergeDefs(schema._zod.def, {
		shape: newShape,
		checks: []
	}));
}
function required(Class, schema, mask) {
	const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
	const newShape = {};
	mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => selected && !selected.has(key) ? value : new Class({
		type: "nonoptional",
		innerType: value
	}));
	return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
	if (x.aborted === true) return true;
	for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue !== true) return true;
	return false;
}
function explicitlyAborted(x, startIndex = 0) {
	if (x.aborted === true) return true;
	for (let i = startIndex; i < x.issues.length; i++) if (x.issues[i]?.continue === false) return true;
	return false;
}
function prefixIssues(path, issues) {
	return issues.map((iss) => {
		var _a;
		(_a = iss).path ?? (_a.path = []);
		iss.path.unshift(path);
		return iss;
	});
}
function unwrapMessage(message) {
	return typeof message === "string" ? message : message?.message;
}
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
	const caps = [];
	for (const ch of defChecks ?? []) {
		const d = ch._zod.def;
		if (!/_(length|size)$|_equals$/.test(d.check)) break;
		const max = d.maximum ?? d.length ?? d.size;
		if (max >= 0) caps.push([max, ch]);
	}
	return caps;
}
function attachSchema(issues, start, inst) {
	var _a;
	for (let i = start; i < issues.length; i++) (_a = issues[i]).schema ?? (_a.schema = inst);
}
function finalizeIssue(iss, ctx, config) {
	var _a;
	const traits = iss.inst?._zod?.traits;
	if (traits?.has("$ZodType")) {
		if (traits.has("$ZodCheck")) (_a = iss).schema ?? (_a.schema = iss.inst);
		else iss.schema = iss.inst;
	}
	const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
	const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config.customError?.(iss)) ?? unwrapMessage(config.localeError?.(iss)) ?? "Invalid input";
	const full = {};
	for (const k of Object.keys(iss)) {
		if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__") continue;
		full[k] = iss[k];
	}
	full.path ?? (full.path = []);
	full.message = message;
	if (ctx?.reportInput) full.input = iss.input;
	return full;
}
const highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
	const units = str.length;
	if (!highSurrogate.test(str)) return units;
	let count = units;
	for (let i = 0; i < units - 1; i++) if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
		count--;
		i++;
	}
	return count;
}
function getLengthableOrigin(input) {
	if (Array.isArray(input)) return "array";
	if (typeof input === "string") return "string";
	return "unknown";
}
function parsedType(data) {
	const t = typeof data;
	switch (t) {
		case "number": return Number.isNaN(data) ? "nan" : "number";
		case "object": {
			if (data === null) return "null";
			if (Array.isArray(data)) return "array";
			const obj = data;
			if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) return obj.constructor.name;
		}
	}
	return t;
}
function issue(...args) {
	const [iss, input, inst] = args;
	if (typeof iss === "string") return {
		message: iss,
		code: "custom",
		input,
		inst
	};
	return { ...iss };
}
/**
* Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
*
* Call this from a `proto` initializer, which runs once per prototype — never per instance.
*/
function members(proto, table) {
	for (const key in table) {
		const desc = Object.getOwnPropertyDescriptor(table, key);
		if (desc.get) Object.defineProperty(proto, key, {
			...desc,
			enumerable: false
		});
		else defineBound(proto, key, desc.value);
	}
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
	Object.defineProperty(inst, key, {
		configurable: true,
		writable: true,
		enumerable,
		value
	});
	return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
	return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
/* @__NO_SIDE_EFFECTS__ */
function derived(computes, table) {
	for (const key in computes) {
		const compute = computes[key];
		Object.defineProperty(table, key, {
			configurable: true,
			enumerable: true,
			get() {
				return own(this, key, compute(this));
			},
			set(value) {
				own(this, key, value);
			}
		});
	}
	return table;
}
function defineBound(proto, key, fn) {
	Object.defineProperty(proto, key, {
		configurable: true,
		get() {
			return this == null ? fn : own(this, key, fn.bind(this));
		},
		set(value) {
			own(this, key, value);
		}
	});
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
	const proto = Object.getPrototypeOf(inst);
	return sentinel in proto ? void 0 : proto;
}
let installing;
let broke = false;
const breaker = {
	configurable: true,
	get() {
		broke = true;
	}
};
/**
* Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
* constructor, computed from the internals object itself and cached there on
* first read. One accessor per constructor rather than one per instance.
*/
function defineLazyInternal(inst, key, compute) {
	const proto = Object.getPrototypeOf(inst._zod);
	if (key in proto && installing !== inst._zod) {
		installing = void 0;
		return;
	}
	installing = inst._zod;
	Object.defineProperty(proto, key, {
		configurable: true,
		get() {
			Object.defineProperty(this, key, breaker);
			const outer = broke;
			broke = false;
			try {
				const value = compute(this);
				if (broke) delete this[key];
				else Object.defineProperty(this, key, {
					configurable: true,
					writable: true,
					value
				});
				broke = broke || outer;
				return value;
			} catch (err) {
				delete this[key];
				broke = broke || outer;
				throw err;
			}
		},
		set(value) {
			Object.defineProperty(this, key, {
				configurable: true,
				writable: true,
				value
			});
		}
	});
}
/**
* Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
* data property. One accessor per constructor rather than one per instance, because an own accessor
* puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
*/
function installLazyProp(inst, key, make, enumerable) {
	const proto = claim(inst, key);
	if (!proto) return;
	Object.defineProperty(proto, key, {
		configurable: true,
		get() {
			const desc = {
				configurable: true,
				writable: true,
				enumerable,
				value: void 0
			};
			Object.defineProperty(this, key, desc);
			desc.value = make(this);
			Object.defineProperty(this, key, desc);
			return desc.value;
		},
		set(value) {
			Object.defineProperty(this, key, {
				configurable: true,
				writable: true,
				enumerable,
				value
			});
		}
	});
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
	const fn = () => value;
	fn[CONSTANT_CATCH] = true;
	return fn;
}
// node_modules/zod/v4/core/core.js
var _a$1;
const _zodDesc = {
	value: void 0,
	enumerable: false
};
let _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
	const E = _E;
	if (E) {
		const saved = E.stackTraceLimit;
		if (typeof saved === "number") {
			try {
				E.stackTraceLimit = 0;
			} catch {
				_E = null;
				return new Definition();
			}
			try {
				return new Definition();
			} finally {
				E.stackTraceLimit = saved;
			}
		}
	}
	return new Definition();
}
/* @__NO_SIDE_EFFECTS__ */
function $constructor(name, initializer, proto, params) {
	const zodProto = {};
	function Internals(def) {
		this.def = def;
		this.constr = _;
		this.traits = /* @__PURE__ */ new Set();
	}
	Internals.prototype = zodProto;
	const protoMembers = proto;
	const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
	function init(inst, def) {
		if (!inst._zod) {
			_zodDesc.value = new Internals(def);
			try {
				Object.defineProperty(inst, "_zod", _zodDesc);
			} finally {
				_zodDesc.value = void 0;
			}
		} else if (inst._zod.traits.has(name)) return;
		inst._zod.traits.add(name);
		initializer(inst, def);
		if (initialized) {
			const own = Object.getPrototypeOf(inst);
			const ctorProto = inst._zod.constr.prototype;
			let up = own;
			while (up && up !== ctorProto) up = Object.getPrototypeOf(up);
			const target = up ?? own;
			if (!initialized.has(target)) {
				initialized.add(target);
				members(target, protoMembers);
			}
		}
		const proto = _.prototype;
		for (const k in proto) {
			if (!Object.prototype.hasOwnProperty.call(proto, k)) continue;
			if (!(k in inst)) inst[k] = proto[k].bind(inst);
		}
	}
	const Parent = params?.Parent ?? Object;
	class Definition extends Parent {}
	Object.defineProperty(Definition, "name", { value: name });
	function _(def) {
		const inst = params?.Parent ? newError(Definition) : this;
		init(inst, def);
		const deferred = inst._zod.deferred;
		if (deferred) {
			for (const fn of deferred) fn();
			inst._zod.deferred = void 0;
		}
		const pp = globalThis.__zod_globalConfig?.postProcessor;
		if (pp) pp(inst);
		return inst;
	}
	Object.defineProperty(_, "init", { value: init });
	Object.defineProperty(_, Symbol.hasInstance, { value: (inst) => {
		if (params?.Parent && inst instanceof params.Parent) return true;
		return inst?._zod?.traits?.has(name);
	} });
	Object.defineProperty(_, "name", { value: name });
	return _;
}
var $ZodAsyncError = class extends Error {
	constructor() {
		super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
	}
};
var $ZodEncodeError = class extends Error {
	constructor(name) {
		super(`Encountered unidirectional transform during encode: ${name}`);
		this.name = "ZodEncodeError";
	}
};
(_a$1 = globalThis).__zod_globalConfig ?? (_a$1.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
	if (newConfig) Object.assign(globalConfig, newConfig);
	return globalConfig;
}
// node_modules/zod/v4/core/errors.js
function _getMessage() {
	const internals = this._zod;
	internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
	return internals.message;
}
function _setMessage(value) {
	this._zod.message = value;
}
const _messageDesc = {
	get: _getMessage,
	set: _setMessage,
	enumerable: true,
	configurable: true
};
const _issuesDesc = {
	value: void 0,
	enumerable: false
};
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer$1 = (inst, def) => {
	inst.name = "$ZodError";
	_issuesDesc.value = def;
	Object.defineProperty(inst, "issues", _issuesDesc);
	_issuesDesc.value = void 0;
	Object.defineProperty(inst, "message", _messageDesc);
	const proto = Object.getPrototypeOf(inst);
	if (!_installedToString.has(proto)) {
		_installedToString.add(proto);
		Object.defineProperty(proto, "toString", {
			configurable: true,
			enumerable: false,
			get() {
				const value = () => this.message;
				Object.defineProperty(this, "toString", {
					value,
					configurable: true,
					writable: true
				});
				return value;
			},
			set(value) {
				Object.defineProperty(this, "toString", {
					value,
					configurable: true,
					writable: true
				});
			}
		});
	}
};
const $ZodError = /* @__PURE__ */ $constructor("$ZodError", initializer$1);
const $ZodRealError = /* @__PURE__ */ $constructor("$ZodError", initializer$1, void 0, { Parent: Error });
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
* ("toString", "constructor") would otherwise read through to the prototype, and assigning
* "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
	if (!Object.prototype.hasOwnProperty.call(obj, key)) {
		if (key === "__proto__") Object.defineProperty(obj, key, {
			value: make(),
			writable: true,
			enumerable: true,
			configurable: true
		});
		else obj[key] = make();
	}
	return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
	const fieldErrors = {};
	const formErrors = [];
	for (const sub of error.issues) if (sub.path.length > 0) node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
	else formErrors.push(mapper(sub));
	return {
		formErrors,
		fieldErrors
	};
}
function formatError(error, mapper = (issue) => issue.message) {
	const fieldErrors = { _errors: [] };
	const processError = (error, path = []) => {
		for (const issue of error.issues) if (issue.code === "invalid_union" && issue.errors.length) issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
		else if (issue.code === "invalid_key") processError({ issues: issue.issues }, [...path, ...issue.path]);
		else if (issue.code === "invalid_element") processError({ issues: issue.issues }, [...path, ...issue.path]);
		else {
			const fullpath = [...path, ...issue.path];
			if (fullpath.length === 0) fieldErrors._errors.push(mapper(issue));
			else {
				let curr = fieldErrors;
				let i = 0;
				while (i < fullpath.length) {
					const el = fullpath[i];
					const terminal = i === fullpath.length - 1;
					if (el === "_errors") {
						if (terminal) curr._errors.push(mapper(issue));
						i++;
						continue;
					}
					if (!Object.prototype.hasOwnProperty.call(curr, el)) Object.defineProperty(curr, el, {
						value: { _errors: [] },
						enumerable: true,
						writable: true,
						configurable: true
					});
					const node = curr[el];
					if (terminal) node._errors.push(mapper(issue));
					curr = node;
					i++;
				}
			}
		}
	};
	processError(error);
	return fieldErrors;
}
/** Format a ZodError as a human-readable string in the following form.
*
* From
*
* ```ts
* ZodError {
*   issues: [
*     {
*       expected: 'string',
*       code: 'invalid_type',
*       path: [ 'username' ],
*       message: 'Invalid input: expected string'
*     },
*     {
*       expected: 'number',
*       code: 'invalid_type',
*       path: [ 'favoriteNumbers', 1 ],
*       message: 'Invalid input: expected number'
*     }
*   ];
* }
* ```
*
* to
*
* ```
* username
*   ✖ Expected number, received string at "username
* favoriteNumbers[0]
*   ✖ Invalid input: expected number
* ```
*/
function toDotPath(_path) {
	const segs = [];
	const path = _path.map((seg) => typeof seg === "object" ? seg.key : seg);
	for (const seg of path) if (typeof seg === "number") segs.push(`[${seg}]`);
	else if (typeof seg === "symbol") segs.push(`[${JSON.stringify(String(seg))}]`);
	else if (/[^\w$]/.test(seg)) segs.push(`[${JSON.stringify(seg)}]`);
	else {
		if (segs.length) segs.push(".");
		segs.push(seg);
	}
	return segs.join("");
}
function prettifyError(error) {
	const lines = [];
	const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
	for (const issue of issues) {
		lines.push(`✖ ${issue.message}`);
		if (issue.path?.length) lines.push(`  → at ${toDotPath(issue.path)}`);
	}
	return lines.join("\n");
}
// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
	return {
		callee: params?.callee ?? callee,
		Err: params?.Err
	};
}
const _parse = (_Err) => {
	const fn = (schema, value, _ctx, _params) => {
		const ctx = _ctx ? {
			..._ctx,
			async: false
		} : { async: false };
		const result = schema._zod.run({
			value,
			issues: []
		}, ctx);
		if (result instanceof Promise) throw new $ZodAsyncError();
		if (result.issues.length) {
			const e = new ((_params?.Err) ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
			captureStackTrace(e, _params?.callee ?? fn);
			throw e;
		}
		return result.value;
	};
	return fn;
};
const parse$1 = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
	const fn = async (schema, value, _ctx, params) => {
		const ctx = _ctx ? {
			..._ctx,
			async: true
		} : { async: true };
		let result = schema._zod.run({
			value,
			issues: []
		}, ctx);
		if (result instanceof Promise) result = await result;
		if (result.issues.length) {
			const e = new ((params?.Err) ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
			captureStackTrace(e, params?.callee ?? fn);
			throw e;
		}
		return result.value;
	};
	return fn;
};
const parseAsync$1 = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
	const ctx = _ctx ? {
		..._ctx,
		async: false
	} : { async: false };
	const result = schema._zod.run({
		value,
		issues: []
	}, ctx);
	if (result instanceof Promise) throw new $ZodAsyncError();
	return result.issues.length ? failure(_Err, result.issues, ctx) : {
		success: true,
		data: result.value
	};
};
const safeParse$1 = /* @__PURE__*/ _safeParse($ZodRealError);
function failure(Err, issues, ctx) {
	let error;
	return {
		success: false,
		get error() {
			if (!error) {
				error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
				issues = void 0;
				ctx = void 0;
			}
			return error;
		},
		set error(e) {
			error = e;
			issues = void 0;
			ctx = void 0;
		}
	};
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
	const ctx = _ctx ? {
		..._ctx,
		async: true
	} : { async: true };
	let result = schema._zod.run({
		value,
		issues: []
	}, ctx);
	if (result instanceof Promise) result = await result;
	return result.issues.length ? failure(_Err, result.issues, ctx) : {
		success: true,
		data: result.value
	};
};
const safeParseAsync$1 = /* @__PURE__*/ _safeParseAsync($ZodRealError);
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
const validate = ((schema, value, _ctx) => {
	const validator = schema._zod.bag.validator;
	if (validator !== void 0) {
		if (validator(value) !== COMPILE_INVALID) return true;
		if (validator.definite === true && _ctx === void 0) return false;
	}
	return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
	const ctx = _ctx ? {
		..._ctx,
		async: false,
		abortEarly: true
	} : {
		async: false,
		abortEarly: true
	};
	const fallbackRun = schema._zod.bag.fallbackRun;
	let result;
	if (fallbackRun) {
		ctx[COMPILE_FALLBACK] = true;
		result = fallbackRun({
			value,
			issues: []
		}, ctx);
	} else result = schema._zod.run({
		value,
		issues: []
	}, ctx);
	if (result instanceof Promise) throw new $ZodAsyncError();
	return result.issues.length === 0;
}
const validateAsync$1 = async (schema, value, _ctx) => {
	const ctx = _ctx ? {
		..._ctx,
		async: true,
		abortEarly: true
	} : {
		async: true,
		abortEarly: true
	};
	let result = schema._zod.run({
		value,
		issues: []
	}, ctx);
	if (result instanceof Promise) result = await result;
	return result.issues.length === 0;
};
const _encode = (_Err) => {
	const parse = _parse(_Err);
	const fn = (schema, value, _ctx, _params) => {
		const ctx = _ctx ? {
			..._ctx,
			direction: "backward"
		} : { direction: "backward" };
		return parse(schema, value, ctx, finalizeParams(fn, _params));
	};
	return fn;
};
const _decode = (_Err) => {
	const parse = _parse(_Err);
	const fn = (schema, value, _ctx, _params) => {
		return parse(schema, value, _ctx, finalizeParams(fn, _params));
	};
	return fn;
};
const _encodeAsync = (_Err) => {
	const parseAsync = _parseAsync(_Err);
	const fn = async (schema, value, _ctx, _params) => {
		const ctx = _ctx ? {
			..._ctx,
			direction: "backward"
		} : { direction: "backward" };
		return await parseAsync(schema, value, ctx, finalizeParams(fn, _params));
	};
	return fn;
};
const _decodeAsync = (_Err) => {
	const parseAsync = _parseAsync(_Err);
	const fn = async (schema, value, _ctx, _params) => {
		return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
	};
	return fn;
};
const _safeEncode = (_Err) => (schema, value, _ctx) => {
	const ctx = _ctx ? {
		..._ctx,
		direction: "backward"
	} : { direction: "backward" };
	return _safeParse(_Err)(schema, value, ctx);
};
const _safeDecode = (_Err) => (schema, value, _ctx) => {
	return _safeParse(_Err)(schema, value, _ctx);
};
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
	const ctx = _ctx ? {
		..._ctx,
		direction: "backward"
	} : { direction: "backward" };
	return _safeParseAsync(_Err)(schema, value, ctx);
};
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
	return _safeParseAsync(_Err)(schema, value, _ctx);
};
// node_modules/zod/v4/core/regexes.js
/**
* @deprecated CUID v1 is deprecated by its authors due to information leakage
* (timestamps embedded in the id). Use {@link cuid2} instead.
* See https://github.com/paralleldrive/cuid.
*/
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
	return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
*
* @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
	if (!version) return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
	return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const _emoji$1 = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
	return new RegExp(_emoji$1, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
const httpProtocol = /^https?$/;
const e164 = /^\+[1-9]\d{6,14}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
* esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
* will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function anchor(source) {
	return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ anchor(dateSource);
function timeSource(args) {
	const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
	return typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
}
function time(args) {
	return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
	const opts = ["Z"];
	if (args.offset) opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
	const qualified = `${timeSource({
		precision: args.precision,
		seconds: true
	})}(?:${opts.join("|")})`;
	const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
	return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
const anyString = /^[\s\S]{0,}$/;
const integer = /^-?\d+$/;
const number$1 = /^-?\d+(?:\.\d+)?$/;
const boolean$2 = /^(?:true|false)$/i;
const lowercase = /^[^A-Z]*$/;
const uppercase = /^[^a-z]*$/;
// node_modules/zod/v4/core/checks.js
const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
	var _a;
	inst._zod ?? (inst._zod = {});
	inst._zod.def = def;
	(_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
	const val = payload.value;
	return !nullish(val) && val.length !== void 0;
};
const numericOriginMap = {
	number: "number",
	bigint: "bigint",
	object: "date"
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
	$ZodCheck.init(inst, def);
	const origin = numericOriginMap[typeof def.value];
	inst._zod.check = (payload) => {
		if (def.inclusive ? payload.value <= def.value : payload.value < def.value) return;
		payload.issues.push({
			origin: numericOriginMap[typeof payload.value] ?? origin,
			code: "too_big",
			maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
			input: payload.value,
			inclusive: def.inclusive,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
	$ZodCheck.init(inst, def);
	const origin = numericOriginMap[typeof def.value];
	inst._zod.check = (payload) => {
		if (def.inclusive ? payload.value >= def.value : payload.value > def.value) return;
		payload.issues.push({
			origin: numericOriginMap[typeof payload.value] ?? origin,
			code: "too_small",
			minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
			input: payload.value,
			inclusive: def.inclusive,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckMultipleOf = /*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
	$ZodCheck.init(inst, def);
	inst._zod.check = (payload) => {
		if (typeof payload.value !== typeof def.value) throw new Error("Cannot mix number and bigint in multiple_of check.");
		if (typeof payload.value === "bigint" ? def.value !== BigInt(0) && payload.value % def.value === BigInt(0) : floatSafeRemainder(payload.value, def.value) === 0) return;
		payload.issues.push({
			origin: typeof payload.value,
			code: "not_multiple_of",
			divisor: def.value,
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
	$ZodCheck.init(inst, def);
	def.format = def.format || "float64";
	const isInt = def.format?.includes("int");
	const origin = isInt ? "int" : "number";
	const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
	inst._zod.check = (payload) => {
		const input = payload.value;
		if (isInt) {
			if (!Number.isInteger(input)) {
				payload.issues.push({
					expected: origin,
					format: def.format,
					code: "invalid_type",
					continue: false,
					input,
					inst
				});
				return;
			}
			if (!Number.isSafeInteger(input)) {
				if (input > 0) payload.issues.push({
					input,
					code: "too_big",
					maximum: Number.MAX_SAFE_INTEGER,
					note: "Integers must be within the safe integer range.",
					inst,
					origin,
					inclusive: true,
					continue: !def.abort
				});
				else payload.issues.push({
					input,
					code: "too_small",
					minimum: Number.MIN_SAFE_INTEGER,
					note: "Integers must be within the safe integer range.",
					inst,
					origin,
					inclusive: true,
					continue: !def.abort
				});
				return;
			}
		}
		if (input < minimum) payload.issues.push({
			origin: "number",
			input,
			code: "too_small",
			minimum,
			inclusive: true,
			inst,
			continue: !def.abort
		});
		if (input > maximum) payload.issues.push({
			origin: "number",
			input,
			code: "too_big",
			maximum,
			inclusive: true,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
	var _a;
	$ZodCheck.init(inst, def);
	(_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
	inst._zod.check = (payload) => {
		const input = payload.value;
		const units = input.length;
		if ((typeof input === "string" && units > def.maximum ? codePointLength(input) : units) <= def.maximum) return;
		const origin = getLengthableOrigin(input);
		payload.issues.push({
			origin,
			code: "too_big",
			maximum: def.maximum,
			inclusive: true,
			input,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
	var _a;
	$ZodCheck.init(inst, def);
	(_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
	inst._zod.check = (payload) => {
		const input = payload.value;
		const units = input.length;
		if ((typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units) >= def.minimum) return;
		const origin = getLengthableOrigin(input);
		payload.issues.push({
			origin,
			code: "too_small",
			minimum: def.minimum,
			inclusive: true,
			input,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
	var _a;
	$ZodCheck.init(inst, def);
	(_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
	inst._zod.check = (payload) => {
		const input = payload.value;
		const units = input.length;
		const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
		if (length === def.length) return;
		const origin = getLengthableOrigin(input);
		const tooBig = length > def.length;
		payload.issues.push({
			origin,
			...tooBig ? {
				code: "too_big",
				maximum: def.length
			} : {
				code: "too_small",
				minimum: def.length
			},
			inclusive: true,
			exact: true,
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
	var _a, _b;
	$ZodCheck.init(inst, def);
	if (def.pattern) (_a = inst._zod).check ?? (_a.check = (payload) => {
		def.pattern.lastIndex = 0;
		if (def.pattern.test(payload.value)) return;
		payload.issues.push({
			origin: "string",
			code: "invalid_format",
			format: def.format,
			input: payload.value,
			...def.pattern ? { pattern: def.pattern.toString() } : {},
			inst,
			continue: !def.abort
		});
	});
	else (_b = inst._zod).check ?? (_b.check = () => {});
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
	$ZodCheckStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		def.pattern.lastIndex = 0;
		if (def.pattern.test(payload.value)) return;
		payload.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "regex",
			input: payload.value,
			pattern: def.pattern.toString(),
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
	def.pattern ?? (def.pattern = lowercase);
	$ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
	def.pattern ?? (def.pattern = uppercase);
	$ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
	$ZodCheck.init(inst, def);
	const escapedRegex = escapeRegex(def.includes);
	def.pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
	inst._zod.check = (payload) => {
		if (payload.value.includes(def.includes, def.position)) return;
		payload.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "includes",
			includes: def.includes,
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
	$ZodCheck.init(inst, def);
	const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
	def.pattern ?? (def.pattern = pattern);
	inst._zod.check = (payload) => {
		if (payload.value.startsWith(def.prefix)) return;
		payload.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "starts_with",
			prefix: def.prefix,
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
	$ZodCheck.init(inst, def);
	const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
	def.pattern ?? (def.pattern = pattern);
	inst._zod.check = (payload) => {
		if (payload.value.endsWith(def.suffix)) return;
		payload.issues.push({
			origin: "string",
			code: "invalid_format",
			format: "ends_with",
			suffix: def.suffix,
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
	$ZodCheck.init(inst, def);
	inst._zod.check = (payload) => {
		payload.value = def.tx(payload.value);
	};
});
// node_modules/zod/v4/core/doc.js
var Doc = class {
	constructor(args = [], closed = {}) {
		this.content = [];
		this.indent = 0;
		this.args = args;
		this.closed = closed;
	}
	indented(fn) {
		this.indent += 1;
		try {
			fn(this);
		} finally {
			this.indent -= 1;
		}
	}
	write(arg) {
		if (typeof arg === "function") {
			arg(this, { execution: "sync" });
			arg(this, { execution: "async" });
			return;
		}
		const lines = arg.split("\n").filter((x) => x);
		const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
		const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
		for (const line of dedented) this.content.push(line);
	}
	compile() {
		const F = Function;
		const content = this?.content ?? [``];
		return new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`)(...Object.values(this.closed));
	}
};
// node_modules/zod/v4/core/versions.js
const version = {
	major: 4,
	minor: 6,
	patch: 7
};
// node_modules/zod/v4/core/schemas.js
const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
	var _a;
	inst ?? (inst = {});
	inst._zod.def = def;
	inst._zod.bag = inst._zod.bag || {};
	inst._zod.version = version;
	const defChecks = inst._zod.def.checks;
	const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
	for (const ch of checks) for (const fn of ch._zod.onattach) fn(inst);
	if (checks.length === 0) {
		(_a = inst._zod).deferred ?? (_a.deferred = []);
		inst._zod.deferred?.push(() => {
			inst._zod.run = inst._zod.parse;
		});
	} else {
		const runChecks = (payload, checks, ctx) => {
			if (payload.memo) return payload;
			let isAborted = aborted(payload);
			let asyncResult;
			for (const ch of checks) {
				if (ch._zod.def.when) {
					if (explicitlyAborted(payload)) continue;
					if (!ch._zod.def.when(payload)) continue;
				} else if (isAborted) continue;
				const currLen = payload.issues.length;
				const _ = ch._zod.check(payload);
				if (_ instanceof Promise && ctx?.async === false) throw new $ZodAsyncError();
				if (asyncResult || _ instanceof Promise) asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
					await _;
					if (payload.issues.length === currLen) return;
					attachSchema(payload.issues, currLen, inst);
					if (!isAborted) isAborted = aborted(payload, currLen);
				});
				else {
					if (payload.issues.length === currLen) continue;
					attachSchema(payload.issues, currLen, inst);
					if (!isAborted) isAborted = aborted(payload, currLen);
				}
			}
			if (asyncResult) return asyncResult.then(() => {
				return payload;
			});
			return payload;
		};
		const handleCanaryResult = (canary, payload, ctx) => {
			if (aborted(canary)) {
				canary.aborted = true;
				return canary;
			}
			const checkResult = runChecks(payload, checks, ctx);
			if (checkResult instanceof Promise) {
				if (ctx.async === false) throw new $ZodAsyncError();
				return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
			}
			return inst._zod.parse(checkResult, ctx);
		};
		inst._zod.run = (payload, ctx) => {
			if (ctx.skipChecks) return inst._zod.parse(payload, ctx);
			if (ctx.direction === "backward") {
				const canary = inst._zod.parse({
					value: payload.value,
					issues: []
				}, {
					...ctx,
					skipChecks: true
				});
				if (canary instanceof Promise) return canary.then((canary) => {
					return handleCanaryResult(canary, payload, ctx);
				});
				return handleCanaryResult(canary, payload, ctx);
			}
			const result = inst._zod.parse(payload, ctx);
			if (result instanceof Promise) {
				if (ctx.async === false) throw new $ZodAsyncError();
				return result.then((result) => runChecks(result, checks, ctx));
			}
			return runChecks(result, checks, ctx);
		};
	}
}, {
	get "~standard"() {
		return hide(this, "~standard", standardProps(this));
	},
	set "~standard"(value) {
		own(this, "~standard", value);
	}
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
	const ctx = { async: true };
	return toStandardResult(await inst._zod.run({
		value,
		issues: []
	}, ctx), ctx);
}
function standardProps(inst) {
	return {
		validate: (value) => {
			const ctx = { async: false };
			try {
				const r = inst._zod.run({
					value,
					issues: []
				}, ctx);
				if (!(r instanceof Promise)) return toStandardResult(r, ctx);
			} catch (_) {}
			return validateAsync(inst, value);
		},
		vendor: "zod",
		version: 1
	};
}
const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.pattern = def.pattern ?? anyString;
	inst._zod.parse = (payload, _) => {
		if (def.coerce) try {
			payload.value = String(payload.value);
		} catch (_) {}
		if (typeof payload.value === "string") return payload;
		payload.issues.push({
			expected: "string",
			code: "invalid_type",
			input: payload.value,
			inst
		});
		return payload;
	};
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
	$ZodCheckStringFormat.init(inst, def);
	$ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
	def.pattern ?? (def.pattern = guid);
	$ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
	if (def.version) {
		const v = {
			v1: 1,
			v2: 2,
			v3: 3,
			v4: 4,
			v5: 5,
			v6: 6,
			v7: 7,
			v8: 8
		}[def.version];
		if (v === void 0) throw new Error(`Invalid UUID version: "${def.version}"`);
		def.pattern ?? (def.pattern = uuid(v));
	} else def.pattern ?? (def.pattern = uuid());
	$ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
	def.pattern ?? (def.pattern = email);
	$ZodStringFormat.init(inst, def);
});
function canParseURL(input) {
	try {
		if (typeof URL !== "undefined" && typeof URL.canParse === "function") return URL.canParse(input);
		new URL(input);
		return true;
	} catch {
		return false;
	}
}
function validateURL(trimmed, def) {
	if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) return canParseURL(trimmed) || 2;
	return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
	if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) return 1;
	try {
		if (typeof URL !== "undefined") {
			const URLStatic = URL;
			if (typeof URLStatic.parse === "function") return URLStatic.parse(trimmed) ?? 2;
		}
		return new URL(trimmed);
	} catch {
		return 2;
	}
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
	return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
	hostname.lastIndex = 0;
	return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
	protocol.lastIndex = 0;
	return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		try {
			const trimmed = payload.value.trim();
			const url = validateURL(trimmed, def);
			if (url === 1) {
				payload.issues.push({
					code: "invalid_format",
					format: "url",
					note: "Invalid URL format",
					input: payload.value,
					inst,
					continue: !def.abort
				});
				return;
			}
			if (url === 2) {
				payload.issues.push({
					code: "invalid_format",
					format: "url",
					input: payload.value,
					inst,
					continue: !def.abort
				});
				return;
			}
			if (url === true) {
				payload.value = stripTabAndNewline(trimmed);
				return;
			}
			if (def.hostname && !urlHostnameOk(url, def.hostname)) payload.issues.push({
				code: "invalid_format",
				format: "url",
				note: "Invalid hostname",
				pattern: def.hostname.source,
				input: payload.value,
				inst,
				continue: !def.abort
			});
			if (def.protocol && !urlProtocolOk(url, def.protocol)) payload.issues.push({
				code: "invalid_format",
				format: "url",
				note: "Invalid protocol",
				pattern: def.protocol.source,
				input: payload.value,
				inst,
				continue: !def.abort
			});
			payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
			return;
		} catch (_) {
			payload.issues.push({
				code: "invalid_format",
				format: "url",
				input: payload.value,
				inst,
				continue: !def.abort
			});
		}
	};
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
	def.pattern ?? (def.pattern = emoji());
	$ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
	if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1)) throw new Error(`Invalid nanoid length: ${def.length}`);
	def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
	$ZodStringFormat.init(inst, def);
});
/**
* @deprecated CUID v1 is deprecated by its authors due to information leakage
* (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
* See https://github.com/paralleldrive/cuid.
*/
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
	def.pattern ?? (def.pattern = cuid);
	$ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
	def.pattern ?? (def.pattern = cuid2);
	$ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
	def.pattern ?? (def.pattern = ulid);
	$ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
	def.pattern ?? (def.pattern = xid);
	$ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
	def.pattern ?? (def.pattern = ksuid);
	$ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
	def.pattern ?? (def.pattern = datetime(def));
	$ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
	def.pattern ?? (def.pattern = date);
	$ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
	def.pattern ?? (def.pattern = time(def));
	$ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
	def.pattern ?? (def.pattern = duration);
	$ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
	def.pattern ?? (def.pattern = ipv4);
	$ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
	if (!ipv6Alphabet.test(value)) return false;
	return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
	def.pattern ?? (def.pattern = ipv6);
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		if (!isValidIPv6(payload.value)) payload.issues.push({
			code: "invalid_format",
			format: "ipv6",
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
	def.pattern ?? (def.pattern = cidrv4);
	$ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
	const parts = value.split("/");
	if (parts.length !== 2) return false;
	const [address, prefix] = parts;
	if (!prefix) return false;
	const prefixNum = Number(prefix);
	if (`${prefixNum}` !== prefix) return false;
	if (prefixNum < 0 || prefixNum > 128) return false;
	return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
	def.pattern ?? (def.pattern = cidrv6);
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		if (!isValidCIDRv6(payload.value)) payload.issues.push({
			code: "invalid_format",
			format: "cidrv6",
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
function isValidBase64(data) {
	if (data === "") return true;
	if (/\s/.test(data)) return false;
	if (data.length % 4 !== 0) return false;
	try {
		atob(data);
		return true;
	} catch {
		return false;
	}
}
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
	def.pattern ?? (def.pattern = base64Charset);
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		if (isValidBase64(payload.value)) return;
		payload.issues.push({
			code: "invalid_format",
			format: "base64",
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
	if (!base64urlCharset.test(data)) return false;
	const base64 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
	return isValidBase64(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
	def.pattern ?? (def.pattern = base64urlCharset);
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		if (isValidBase64URL(payload.value)) return;
		payload.issues.push({
			code: "invalid_format",
			format: "base64url",
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
	def.pattern ?? (def.pattern = e164);
	$ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
	try {
		const tokensParts = token.split(".");
		if (tokensParts.length !== 3) return false;
		const [header] = tokensParts;
		if (!header) return false;
		const parsedHeader = JSON.parse(atob(header));
		if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT") return false;
		if (!parsedHeader.alg) return false;
		if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm)) return false;
		return true;
	} catch {
		return false;
	}
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
	$ZodStringFormat.init(inst, def);
	inst._zod.check = (payload) => {
		if (isValidJWT(payload.value, def.alg)) return;
		payload.issues.push({
			code: "invalid_format",
			format: "jwt",
			input: payload.value,
			inst,
			continue: !def.abort
		});
	};
});
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.pattern = number$1;
	inst._zod.parse = (payload, _ctx) => {
		if (def.coerce) try {
			payload.value = Number(payload.value);
		} catch (_) {}
		const input = payload.value;
		if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) return payload;
		const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
		payload.issues.push({
			expected: "number",
			code: "invalid_type",
			input,
			inst,
			...received ? { received } : {}
		});
		return payload;
	};
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
	$ZodCheckNumberFormat.init(inst, def);
	$ZodNumber.init(inst, def);
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.pattern = boolean$2;
	inst._zod.parse = (payload, _ctx) => {
		if (def.coerce) try {
			payload.value = Boolean(payload.value);
		} catch (_) {}
		const input = payload.value;
		if (typeof input === "boolean") return payload;
		payload.issues.push({
			expected: "boolean",
			code: "invalid_type",
			input,
			inst
		});
		return payload;
	};
});
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.parse = (payload, _ctx) => {
		payload.issues.push({
			expected: "never",
			code: "invalid_type",
			input: payload.value,
			inst
		});
		return payload;
	};
});
function capSize(inst, size) {
	const caps = sizeCaps(inst._zod.def.checks);
	if (!caps.length) return;
	const cap = Math.min(...caps.map((c) => c[0]));
	const parse = inst._zod.parse;
	inst._zod.parse = (payload, ctx) => {
		const n = size(payload.value);
		if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
			for (const [max, ch] of sizeCaps(inst._zod.def.checks)) if (n > max && ch._zod.def.when(payload)) {
				const start = payload.issues.length;
				ch._zod.check(payload);
				payload.issues[start].continue = false;
				attachSchema(payload.issues, start, inst);
				return payload;
			}
		}
		return parse(payload, ctx);
	};
}
const arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
	if (result.issues.length) final.issues.push(...prefixIssues(index, result.issues));
	final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
	$ZodType.init(inst, def);
	const memo = globalConfig.memoizer;
	memo?.attach(inst);
	inst._zod.parse = (payload, ctx) => {
		const input = payload.value;
		if (!Array.isArray(input)) {
			payload.issues.push({
				expected: "array",
				code: "invalid_type",
				input,
				inst
			});
			return payload;
		}
		payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
		const proms = [];
		const abortEarly = ctx?.abortEarly;
		for (let i = 0; i < input.length; i++) {
			const item = input[i];
			const result = def.element._zod.run({
				value: item,
				issues: []
			}, ctx);
			if (result instanceof Promise) proms.push(result.then((result) => handleArrayResult(result, payload, i)));
			else {
				handleArrayResult(result, payload, i);
				if (abortEarly && result.issues.length !== 0 && aborted(result)) break;
			}
		}
		if (proms.length) return Promise.all(proms).then(() => payload);
		return payload;
	};
	capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
	const isPresent = key in input;
	const isOptionalOut = optout === "optional";
	if (!isPresent && isOptionalOut && optin === "optional") return;
	if (result.issues.length) {
		if (optin !== void 0 && isOptionalOut && !isPresent) return;
		final.issues.push(...prefixIssues(key, result.issues));
	}
	if (!isPresent && optin === void 0) {
		if (!result.issues.length) final.issues.push({
			code: "invalid_type",
			expected: "nonoptional",
			input: void 0,
			path: [key]
		});
		return;
	}
	if (result.value === void 0) {
		if (isPresent || optin === "defaulted" && !isOptionalOut) final.value[key] = void 0;
	} else final.value[key] = result.value;
}
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
	const keys = Object.keys(def.shape);
	const ownSymbols = Object.getOwnPropertySymbols(def.shape);
	const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
	const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
	for (const k of allKeys) if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
	const okeys = optionalKeys(def.shape);
	return {
		...def,
		allKeys,
		symbolKeys,
		keySet: new Set(keys),
		numKeys: keys.length,
		optionalKeys: new Set(okeys)
	};
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
	const unrecognized = [];
	const keySet = def.keySet;
	const _catchall = def.catchall._zod;
	const t = _catchall.def.type;
	const optin = _catchall.optin;
	const optout = _catchall.optout;
	let seen = 0;
	for (const key in input) {
		if (abortEarly && payload.issues.length !== seen) {
			if (aborted(payload, seen)) break;
			seen = payload.issues.length;
		}
		if (keySet.has(key)) continue;
		if (key === "__proto__") {
			if (t === "never") unrecognized.push(key);
			continue;
		}
		if (t === "never") {
			unrecognized.push(key);
			continue;
		}
		const r = _catchall.run({
			value: input[key],
			issues: []
		}, ctx);
		if (r instanceof Promise) proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
		else handlePropertyResult(r, payload, key, input, optin, optout);
	}
	if (unrecognized.length) payload.issues.push({
		code: "unrecognized_keys",
		keys: unrecognized,
		input,
		inst,
		continue: true
	});
	if (!proms.length) return payload;
	return Promise.all(proms).then(() => {
		return payload;
	});
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
	$ZodType.init(inst, def);
	const desc = Object.getOwnPropertyDescriptor(def, "shape");
	const sh = desc?.get ? desc.get.raw : def.shape ?? {};
	if (sh) {
		const get = () => {
			const newSh = { ...sh };
			Object.defineProperty(def, "shape", { value: newSh });
			get.raw = newSh;
			return newSh;
		};
		get.raw = sh;
		Object.defineProperty(def, "shape", { get });
	}
	const _normalized = cached(() => normalizeDef(def));
	defineLazyInternal(inst, "propValues", (zod) => {
		const shape = zod.def.shape;
		const propValues = {};
		for (const key in shape) {
			const field = shape[key]._zod;
			if (field.values) {
				if (!Object.prototype.hasOwnProperty.call(propValues, key)) assignProp(propValues, key, /* @__PURE__ */ new Set());
				for (const v of field.values) propValues[key].add(v);
				if (field.optin !== void 0) propValues[key].add(void 0);
			}
		}
		return propValues;
	});
	const isObject$1 = isObject;
	const catchall = def.catchall;
	let value;
	const memo = globalConfig.memoizer;
	memo?.attach(inst);
	inst._zod.parse = (payload, ctx) => {
		value ?? (value = _normalized.value);
		const input = payload.value;
		if (!isObject$1(input)) {
			payload.issues.push({
				expected: "object",
				code: "invalid_type",
				input,
				inst
			});
			return payload;
		}
		payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
		const proms = [];
		const shape = value.shape;
		const abortEarly = ctx?.abortEarly;
		let seen = payload.issues.length;
		for (const key of value.allKeys) {
			if (abortEarly && payload.issues.length !== seen) {
				if (aborted(payload, seen)) break;
				seen = payload.issues.length;
			}
			if (key === "__proto__") continue;
			const el = shape[key];
			const optin = el._zod.optin;
			const optout = el._zod.optout;
			const r = el._zod.run({
				value: input[key],
				issues: []
			}, ctx);
			if (r instanceof Promise) proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
			else handlePropertyResult(r, payload, key, input, optin, optout);
		}
		if (!catchall) return proms.length ? Promise.all(proms).then(() => payload) : payload;
		return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
	};
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
	$ZodObject.init(inst, def);
	const superParse = inst._zod.parse;
	const _normalized = cached(() => normalizeDef(def));
	const memo = globalConfig.memoizer;
	const generateFastpass = (shape) => {
		const normalized = _normalized.value;
		const syms = normalized.symbolKeys;
		const doc = new Doc(["payload", "ctx"], {
			shape,
			inst,
			memo,
			syms
		});
		const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
		const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
		doc.write(`const input = payload.value;`);
		const ids = Object.create(null);
		let counter = 0;
		for (const key of normalized.allKeys) ids[key] = `key_${counter++}`;
		doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
		for (const key of normalized.allKeys) {
			if (key === "__proto__") continue;
			const id = ids[key];
			const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
			const isPresent = `${k} in input`;
			const schema = shape[key];
			const optin = schema?._zod?.optin;
			const isOptionalIn = optin !== void 0;
			const isOptionalOut = schema?._zod?.optout === "optional";
			doc.write(`const ${id} = ${parseStr(k)};`);
			if (isOptionalIn && isOptionalOut) {
				const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
				doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
			} else if (!isOptionalIn) doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
			else {
				doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
				if (optin === "defaulted") doc.write(`newResult[${k}] = ${id}.value;`);
				else doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
			}
		}
		doc.write(`payload.value = newResult;`);
		doc.write(`return payload;`);
		return doc.compile();
	};
	let fastpass;
	const isObject$2 = isObject;
	const jit = !globalConfig.jitless;
	const fastEnabled = jit && allowsEval.value;
	const catchall = def.catchall;
	let value;
	inst._zod.parse = (payload, ctx) => {
		value ?? (value = _normalized.value);
		const input = payload.value;
		if (!isObject$2(input)) {
			payload.issues.push({
				expected: "object",
				code: "invalid_type",
				input,
				inst
			});
			return payload;
		}
		if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
			if (!fastpass) fastpass = generateFastpass(def.shape);
			payload = fastpass(payload, ctx);
			if (!catchall) return payload;
			return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
		}
		return superParse(payload, ctx);
	};
});
function handleUnionResults(results, final, inst, ctx) {
	for (const result of results) if (result.issues.length === 0) {
		final.value = result.value;
		return final;
	}
	const nonaborted = results.filter((r) => !aborted(r));
	if (nonaborted.length === 1) {
		final.value = nonaborted[0].value;
		return nonaborted[0];
	}
	final.issues.push({
		code: "invalid_union",
		input: final.value,
		inst,
		errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
	});
	return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
	defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
	defineLazyInternal(inst, "values", (zod) => {
		if (zod.def.options.every((o) => o._zod.values)) return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
	});
	defineLazyInternal(inst, "pattern", (zod) => {
		if (zod.def.options.every((o) => o._zod.pattern)) {
			const patterns = zod.def.options.map((o) => o._zod.pattern);
			return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
		}
	});
	const first = def.options.length === 1 ? def.options[0]._zod.run : null;
	inst._zod.parse = (payload, ctx) => {
		if (first) return first(payload, ctx);
		let async = false;
		const results = [];
		for (const option of def.options) {
			const result = option._zod.run({
				value: payload.value,
				issues: []
			}, ctx);
			if (result instanceof Promise) {
				results.push(result);
				async = true;
			} else {
				if (result.issues.length === 0) return result;
				results.push(result);
			}
		}
		if (!async) return handleUnionResults(results, payload, inst, ctx);
		return Promise.all(results).then((results) => {
			return handleUnionResults(results, payload, inst, ctx);
		});
	};
});
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.parse = (payload, ctx) => {
		const input = payload.value;
		const left = def.left._zod.run({
			value: input,
			issues: []
		}, ctx);
		const right = def.right._zod.run({
			value: input,
			issues: []
		}, ctx);
		if (left instanceof Promise || right instanceof Promise) return Promise.all([left, right]).then(([left, right]) => {
			return handleIntersectionResults(payload, left, right);
		});
		return handleIntersectionResults(payload, left, right);
	};
});
function mergeValues(a, b) {
	if (a === b) return {
		valid: true,
		data: a
	};
	if (a instanceof Date && b instanceof Date && +a === +b) return {
		valid: true,
		data: a
	};
	if (isPlainObject$1(a) && isPlainObject$1(b)) {
		const bKeys = Object.keys(b);
		const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
		const newObj = {
			...a,
			...b
		};
		if (Object.prototype.hasOwnProperty.call(newObj, "__proto__")) delete newObj.__proto__;
		for (const key of sharedKeys) {
			if (key === "__proto__") continue;
			const sharedValue = mergeValues(a[key], b[key]);
			if (!sharedValue.valid) return {
				valid: false,
				mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
			};
			newObj[key] = sharedValue.data;
		}
		return {
			valid: true,
			data: newObj
		};
	}
	if (Array.isArray(a) && Array.isArray(b)) {
		if (a.length !== b.length) return {
			valid: false,
			mergeErrorPath: []
		};
		const newArray = [];
		for (let index = 0; index < a.length; index++) {
			const itemA = a[index];
			const itemB = b[index];
			const sharedValue = mergeValues(itemA, itemB);
			if (!sharedValue.valid) return {
				valid: false,
				mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
			};
			newArray.push(sharedValue.data);
		}
		return {
			valid: true,
			data: newArray
		};
	}
	return {
		valid: false,
		mergeErrorPath: []
	};
}
function handleIntersectionResults(result, left, right) {
	const unrecKeys = /* @__PURE__ */ new Map();
	let unrecIssue;
	const keyIssues = /* @__PURE__ */ new Map();
	const collect = (iss, side) => {
		let keys;
		if (iss.code === "unrecognized_keys" && !iss.path?.length) {
			unrecIssue ?? (unrecIssue = iss);
			keys = iss.keys;
		} else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
			const k = String(iss.path[0]);
			if (!keyIssues.has(k)) keyIssues.set(k, iss);
			keys = [k];
		} else return false;
		for (const k of keys) {
			if (!unrecKeys.has(k)) unrecKeys.set(k, {});
			unrecKeys.get(k)[side] = true;
		}
		return true;
	};
	for (const iss of left.issues) if (!collect(iss, "l")) result.issues.push(iss);
	for (const iss of right.issues) if (!collect(iss, "r")) result.issues.push(iss);
	const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
	if (bothKeys.length) {
		const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
		if (aggregated.length) result.issues.push({
			...unrecIssue,
			keys: aggregated
		});
		for (const k of bothKeys) if (!aggregated.includes(k) && keyIssues.has(k)) result.issues.push(keyIssues.get(k));
	}
	const merged = mergeValues(left.value, right.value);
	if (!merged.valid) {
		if (aborted(result)) return result;
		throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
	}
	result.value = merged.data;
	return result;
}
const $ZodTuple = /*@__PURE__*/ $constructor("$ZodTuple", (inst, def) => {
	$ZodType.init(inst, def);
	const items = def.items;
	const memo = globalConfig.memoizer;
	memo?.attach(inst);
	inst._zod.parse = (payload, ctx) => {
		const input = payload.value;
		if (!Array.isArray(input)) {
			payload.issues.push({
				input,
				inst,
				expected: "tuple",
				code: "invalid_type"
			});
			return payload;
		}
		payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
		const proms = [];
		const optinStart = getTupleOptStart(items, "optin");
		const optoutStart = getTupleOptStart(items, "optout");
		if (!def.rest) {
			if (input.length < optinStart) {
				payload.issues.push({
					code: "too_small",
					minimum: optinStart,
					inclusive: true,
					input,
					inst,
					origin: "array"
				});
				return payload;
			}
			if (input.length > items.length) payload.issues.push({
				code: "too_big",
				maximum: items.length,
				inclusive: true,
				input,
				inst,
				origin: "array"
			});
		}
		const itemResults = new Array(items.length);
		const abortEarly = def.rest ? ctx?.abortEarly : void 0;
		let itemAborted = false;
		for (let i = 0; i < items.length; i++) {
			const r = items[i]._zod.run({
				value: input[i],
				issues: []
			}, ctx);
			if (r instanceof Promise) proms.push(r.then((rr) => {
				itemResults[i] = rr;
			}));
			else {
				itemResults[i] = r;
				if (abortEarly && !itemAborted && r.issues.length) itemAborted = aborted(r);
			}
		}
		if (def.rest && !itemAborted) {
			let i = items.length - 1;
			const rest = input.slice(items.length);
			let seen = payload.issues.length;
			for (const el of rest) {
				if (abortEarly && payload.issues.length !== seen) {
					if (aborted(payload, seen)) break;
					seen = payload.issues.length;
				}
				i++;
				const result = def.rest._zod.run({
					value: el,
					issues: []
				}, ctx);
				if (result instanceof Promise) proms.push(result.then((r) => handleTupleResult(r, payload, i)));
				else handleTupleResult(result, payload, i);
			}
		}
		if (proms.length) return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
		return handleTupleResults(itemResults, payload, items, input, optoutStart);
	};
});
function getTupleOptStart(items, key) {
	for (let i = items.length - 1; i >= 0; i--) if (!(key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional")) return i + 1;
	return 0;
}
function handleTupleResult(result, final, index) {
	if (result.issues.length) final.issues.push(...prefixIssues(index, result.issues));
	final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
	for (let i = 0; i < items.length; i++) {
		const r = itemResults[i];
		const isPresent = i < input.length;
		if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
			final.value.length = i;
			break;
		}
		if (r.issues.length) {
			if (!isPresent && i >= optoutStart) {
				final.value.length = i;
				break;
			}
			final.issues.push(...prefixIssues(i, r.issues));
		}
		final.value[i] = r.value;
	}
	for (let i = final.value.length - 1; i >= input.length; i--) if (items[i]._zod.optout === "optional" && final.value[i] === void 0) final.value.length = i;
	else break;
	return final;
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
	$ZodType.init(inst, def);
	const values = getEnumValues(def.entries);
	const valuesSet = new Set(values);
	inst._zod.values = valuesSet;
	defineLazyInternal(inst, "pattern", (zod) => {
		const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
		return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
	});
	inst._zod.parse = (payload, _ctx) => {
		const input = payload.value;
		if (valuesSet.has(input)) return payload;
		payload.issues.push({
			code: "invalid_value",
			values,
			input,
			inst
		});
		return payload;
	};
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
	$ZodType.init(inst, def);
	const values = new Set(def.values);
	inst._zod.values = values;
	defineLazyInternal(inst, "pattern", (zod) => {
		const vals = zod.def.values;
		return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
	});
	inst._zod.parse = (payload, _ctx) => {
		const input = payload.value;
		if (values.has(input)) return payload;
		payload.issues.push({
			code: "invalid_value",
			values: def.values,
			input,
			inst
		});
		return payload;
	};
});
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.optin = "optional";
	globalConfig.memoizer?.guard(inst);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") throw new $ZodEncodeError(inst.constructor.name);
		const _out = def.transform(payload.value, payload);
		if (ctx.async) return (_out instanceof Promise ? _out : Promise.resolve(_out)).then((output) => {
			payload.value = output;
			return payload;
		});
		if (_out instanceof Promise) throw new $ZodAsyncError();
		payload.value = _out;
		return payload;
	};
});
function handleOptionalResult(payload, result) {
	payload.value = result.issues.length ? void 0 : result.value;
	return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
	inst._zod.optout = "optional";
	defineLazyInternal(inst, "values", (zod) => {
		const values = zod.def.innerType._zod.values;
		return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
	});
	defineLazyInternal(inst, "pattern", (zod) => {
		const pattern = zod.def.innerType._zod.pattern;
		return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
	});
	inst._zod.parse = (payload, ctx) => {
		if (payload.value === void 0) {
			if (def.innerType._zod.optin !== "defaulted") return payload;
			const result = def.innerType._zod.run({
				value: payload.value,
				issues: []
			}, ctx);
			if (result instanceof Promise) return result.then((result) => handleOptionalResult(payload, result));
			return handleOptionalResult(payload, result);
		}
		return def.innerType._zod.run(payload, ctx);
	};
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
	$ZodOptional.init(inst, def);
	defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
	defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
	inst._zod.parse = (payload, ctx) => {
		return def.innerType._zod.run(payload, ctx);
	};
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
	defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
	defineLazyInternal(inst, "pattern", (zod) => {
		const pattern = zod.def.innerType._zod.pattern;
		return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
	});
	defineLazyInternal(inst, "values", (zod) => {
		return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
	});
	inst._zod.parse = (payload, ctx) => {
		if (payload.value === null) return payload;
		return def.innerType._zod.run(payload, ctx);
	};
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.optin = "defaulted";
	defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
		if (payload.value === void 0) {
			payload.value = def.defaultValue;
			/**
			* $ZodDefault returns the default value immediately in forward direction.
			* It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
			return payload;
		}
		const result = def.innerType._zod.run(payload, ctx);
		if (result instanceof Promise) return result.then((result) => handleDefaultResult(result, def));
		return handleDefaultResult(result, def);
	};
});
function handleDefaultResult(payload, def) {
	if (payload.value === void 0) payload.value = def.defaultValue;
	return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
	$ZodType.init(inst, def);
	inst._zod.optin = "defaulted";
	defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
		if (payload.value === void 0) payload.value = def.defaultValue;
		return def.innerType._zod.run(payload, ctx);
	};
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "values", (zod) => {
		const v = zod.def.innerType._zod.values;
		return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
	});
	inst._zod.parse = (payload, ctx) => {
		const result = def.innerType._zod.run(payload, ctx);
		if (result instanceof Promise) return result.then((result) => handleNonOptionalResult(result, inst));
		return handleNonOptionalResult(result, inst);
	};
});
function handleNonOptionalResult(payload, inst) {
	if (!payload.issues.length && payload.value === void 0) payload.issues.push({
		code: "invalid_type",
		expected: "nonoptional",
		input: payload.value,
		inst
	});
	return payload;
}
function handleCatchResult(payload, result, def, ctx) {
	if (!result.issues.length) {
		payload.value = result.value;
		if (result.memo) payload.memo = true;
		return payload;
	}
	payload.value = def.catchValue({
		...result,
		value: payload.value,
		error: { issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())) },
		input: payload.value
	});
	return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
	defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
	defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
		const result = def.innerType._zod.run({
			value: payload.value,
			issues: []
		}, ctx);
		if (result instanceof Promise) return result.then((result) => handleCatchResult(payload, result, def, ctx));
		return handleCatchResult(payload, result, def, ctx);
	};
});
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
	defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
	defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
	defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") {
			const right = def.out._zod.run(payload, ctx);
			if (right instanceof Promise) return right.then((right) => handlePipeResult(right, def.in, ctx));
			return handlePipeResult(right, def.in, ctx);
		}
		const left = def.in._zod.run(payload, ctx);
		if (left instanceof Promise) return left.then((left) => handlePipeResult(left, def.out, ctx));
		return handlePipeResult(left, def.out, ctx);
	};
});
function handlePipeResult(left, next, ctx) {
	if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
		left.aborted = true;
		return left;
	}
	return next._zod.run({
		value: left.value,
		issues: left.issues
	}, ctx);
}
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
	$ZodType.init(inst, def);
	defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
	defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
	defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
	defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
	inst._zod.parse = (payload, ctx) => {
		if (ctx.direction === "backward") return def.innerType._zod.run(payload, ctx);
		const result = def.innerType._zod.run(payload, ctx);
		if (result instanceof Promise) return result.then(handleReadonlyResult);
		return handleReadonlyResult(result);
	};
});
function handleReadonlyResult(payload) {
	if (!payload.memo) payload.value = Object.freeze(payload.value);
	return payload;
}
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
	$ZodCheck.init(inst, def);
	$ZodType.init(inst, def);
	inst._zod.parse = (payload, _) => {
		return payload;
	};
	inst._zod.check = (payload) => {
		const input = payload.value;
		const r = def.fn(input);
		if (r instanceof Promise) return r.then((r) => handleRefineResult(r, payload, input, inst));
		handleRefineResult(r, payload, input, inst);
	};
});
function handleRefineResult(result, payload, input, inst) {
	if (!result) {
		const _iss = {
			code: "custom",
			input,
			inst,
			path: [...inst._zod.def.path ?? []],
			continue: !inst._zod.def.abort
		};
		if (inst._zod.def.params) _iss.params = inst._zod.def.params;
		payload.issues.push(issue(_iss));
	}
}
// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
	constructor() {
		super(`Cannot parse a reference cycle that closes through a transform`);
		this.name = "ZodCyclicError";
	}
};
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
function isRef(value) {
	return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
	return issues.map((iss) => iss.path ? {
		...iss,
		path: iss.path.slice()
	} : { ...iss });
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE$1 = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
	const cached = recursive.get(inst);
	if (cached !== void 0) return cached ? PROVEN : NONE$1;
	if (stack.has(inst)) return PROVEN;
	stack.add(inst);
	let result = NONE$1;
	const check = (child) => {
		if (result !== PROVEN && child?._zod) {
			const answer = isRecursive(child, stack, resolve);
			if (answer > result) result = answer;
		}
	};
	const shape = (sh, spread) => {
		let answer = NONE$1;
		for (const key of Reflect.ownKeys(sh)) {
			const desc = Object.getOwnPropertyDescriptor(sh, key);
			if (spread && !desc.enumerable) continue;
			const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE$1;
			if (child > answer) answer = child;
		}
		return answer;
	};
	const merge = (answer) => {
		if (answer > result) result = answer;
	};
	const def = inst._zod.def;
	switch (def.type) {
		case "object": {
			const raw = rawShape(def);
			merge(raw ? shape(raw, true) : ASSUMED);
			check(def.catchall);
			break;
		}
		case "array":
			check(def.element);
			break;
		case "tuple":
			for (const el of def.items) check(el);
			check(def.rest);
			break;
		case "record":
		case "map":
			check(def.keyType);
			check(def.valueType);
			break;
		case "set":
			check(def.valueType);
			break;
		case "union":
			for (const el of def.options) check(el);
			break;
		case "intersection":
			check(def.left);
			check(def.right);
			break;
		case "optional":
		case "nullable":
		case "default":
		case "prefault":
		case "catch":
		case "readonly":
		case "nonoptional":
		case "promise":
		case "success":
			check(def.innerType);
			break;
		case "pipe":
			check(def.in);
			check(def.out);
			break;
		case "function":
			check(def.input);
			check(def.output);
			break;
		case "lazy": {
			const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
			merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
			break;
		}
		case "template_literal":
		case "string":
		case "number":
		case "int":
		case "boolean":
		case "bigint":
		case "symbol":
		case "undefined":
		case "null":
		case "void":
		case "never":
		case "any":
		case "unknown":
		case "date":
		case "nan":
		case "enum":
		case "literal":
		case "file":
		case "transform":
		case "custom": break;
		default: for (const key in def) {
			const desc = Object.getOwnPropertyDescriptor(def, key);
			if (!desc || desc.get) continue;
			const value = desc.value;
			if (!value || typeof value !== "object") continue;
			if (value._zod) check(value);
			else if (Array.isArray(value)) for (const el of value) check(el);
		}
	}
	stack.delete(inst);
	return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
	if (answer !== ASSUMED) recursive.set(inst, answer === PROVEN);
	return answer;
}
function bucketFor(state, inst) {
	let bucket = state.buckets.get(inst);
	if (!bucket) {
		bucket = /* @__PURE__ */ new WeakMap();
		state.buckets.set(inst, bucket);
	}
	return bucket;
}
let handoff;
const open = [];
const memo = {
	alloc(_inst, payload, empty) {
		const bucket = handoff;
		if (!bucket) return empty;
		handoff = void 0;
		const entry = {
			value: empty,
			issues: null
		};
		bucket.set(payload.value, entry);
		open.push(entry);
		return empty;
	},
	guard(inst) {
		var _a;
		(_a = inst._zod).deferred ?? (_a.deferred = []);
		inst._zod.deferred.push(() => {
			const base = inst._zod.parse;
			const wrapped = (payload, ctx) => {
				if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value)) throw new $ZodCyclicError();
				return base(payload, ctx);
			};
			inst._zod.parse = wrapped;
			if (inst._zod.run === base) inst._zod.run = wrapped;
		});
	},
	attach(inst) {
		var _a;
		let isRecursiveInst;
		let rechecked = false;
		let lastCtx;
		let lastBucket;
		(_a = inst._zod).deferred ?? (_a.deferred = []);
		inst._zod.deferred.push(() => {
			const base = inst._zod.parse;
			const wrapped = (payload, ctx) => {
				if (isRecursiveInst === void 0) {
					const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
					if (walked === NONE$1) {
						inst._zod.parse = base;
						if (inst._zod.run === wrapped) inst._zod.run = base;
						return base(payload, ctx);
					}
					if (walked === PROVEN || rechecked) isRecursiveInst = true;
					else rechecked = true;
				}
				const input = payload.value;
				if (!isRef(input)) return base(payload, ctx);
				let state = ctx[STATE];
				if (!state) {
					state = {
						buckets: /* @__PURE__ */ new WeakMap(),
						backEdges: void 0
					};
					ctx[STATE] = state;
				}
				let bucket;
				if (lastCtx === ctx) bucket = lastBucket;
				else {
					bucket = bucketFor(state, inst);
					lastCtx = ctx;
					lastBucket = bucket;
				}
				const hit = bucket.get(input);
				if (hit) {
					payload.value = hit.value;
					if (hit.issues) {
						if (hit.issues.length) payload.issues.push(...cloneIssues(hit.issues));
					} else {
						payload.memo = true;
						state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
						state.backEdges.add(hit.value);
					}
					return payload;
				}
				handoff = bucket;
				const depth = open.length;
				const result = base(payload, ctx);
				handoff = void 0;
				const entry = open.length > depth ? open.pop() : void 0;
				if (result instanceof Promise) return result.then((r) => {
					if (entry) entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
					return r;
				});
				if (entry) entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
				return result;
			};
			inst._zod.parse = wrapped;
			if (inst._zod.run === base) inst._zod.run = wrapped;
		});
	}
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
	return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
	const backEdges = ctx[STATE]?.backEdges;
	return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}
// node_modules/zod/v4/locales/en.js
const error = () => {
	const Sizable = {
		string: {
			unit: "characters",
			verb: "to have"
		},
		file: {
			unit: "bytes",
			verb: "to have"
		},
		array: {
			unit: "items",
			verb: "to have"
		},
		set: {
			unit: "items",
			verb: "to have"
		},
		map: {
			unit: "entries",
			verb: "to have"
		}
	};
	function getSizing(origin) {
		return Sizable[origin] ?? null;
	}
	const FormatDictionary = {
		regex: "input",
		email: "email address",
		url: "URL",
		emoji: "emoji",
		uuid: "UUID",
		uuidv4: "UUIDv4",
		uuidv6: "UUIDv6",
		nanoid: "nanoid",
		guid: "GUID",
		cuid: "cuid",
		cuid2: "cuid2",
		ulid: "ULID",
		xid: "XID",
		ksuid: "KSUID",
		datetime: "ISO datetime",
		date: "ISO date",
		time: "ISO time",
		duration: "ISO duration",
		ipv4: "IPv4 address",
		ipv6: "IPv6 address",
		mac: "MAC address",
		cidrv4: "IPv4 range",
		cidrv6: "IPv6 range",
		base64: "base64-encoded string",
		base64url: "base64url-encoded string",
		json_string: "JSON string",
		e164: "E.164 number",
		currency_code: "currency code",
		credit_card: "credit card number",
		iban: "IBAN",
		jwt: "JWT",
		template_literal: "input"
	};
	const TypeDictionary = { nan: "NaN" };
	function getTypeName(type, input) {
		if (type === "number" && typeof input === "number" && !Number.isFinite(input)) return String(input);
		return TypeDictionary[type] ?? type;
	}
	return (issue) => {
		switch (issue.code) {
			case "invalid_type": return `Invalid input: expected ${getTypeName(issue.expected)}, received ${getTypeName(parsedType(issue.input), issue.input)}`;
			case "invalid_value":
				if (issue.values.length === 1) return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
				return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
			case "too_big": {
				const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
				const sizing = getSizing(issue.origin);
				if (sizing) return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
				return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
			}
			case "too_small": {
				const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
				const sizing = getSizing(issue.origin);
				if (sizing) return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
				return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
			}
			case "invalid_format": {
				const _issue = issue;
				if (_issue.format === "starts_with") return `Invalid string: must start with "${_issue.prefix}"`;
				if (_issue.format === "ends_with") return `Invalid string: must end with "${_issue.suffix}"`;
				if (_issue.format === "includes") return `Invalid string: must include "${_issue.includes}"`;
				if (_issue.format === "regex") return `Invalid string: must match pattern ${_issue.pattern}`;
				return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
			}
			case "not_multiple_of": return `Invalid number: must be a multiple of ${issue.divisor}`;
			case "unrecognized_keys": return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
			case "invalid_key": return `Invalid key in ${issue.origin}`;
			case "invalid_union":
				if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) return `Invalid discriminator value. Expected ${issue.options.map((o) => `'${o}'`).join(" | ")}`;
				if (issue.inclusive === false) return "Invalid input: more than one option matched";
				return "Invalid input";
			case "invalid_element": return `Invalid value in ${issue.origin}`;
			default: return `Invalid input`;
		}
	};
};
function en_default() {
	return { localeError: error() };
}
// node_modules/zod/v4/core/registries.js
var _a;
var $ZodRegistry = class {
	constructor() {
		this._map = /* @__PURE__ */ new WeakMap();
		this._idmap = /* @__PURE__ */ new Map();
	}
	add(schema, ..._meta) {
		const meta = _meta[0];
		this._map.set(schema, meta);
		if (meta && typeof meta === "object" && "id" in meta) this._idmap.set(meta.id, schema);
		return this;
	}
	clear() {
		this._map = /* @__PURE__ */ new WeakMap();
		this._idmap = /* @__PURE__ */ new Map();
		return this;
	}
	remove(schema) {
		const meta = this._map.get(schema);
		if (meta && typeof meta === "object" && "id" in meta) this._idmap.delete(meta.id);
		this._map.delete(schema);
		return this;
	}
	get(schema) {
		const p = schema._zod.parent;
		if (p) {
			const pm = { ...this.get(p) ?? {} };
			delete pm.id;
			const f = {
				...pm,
				...this._map.get(schema)
			};
			return Object.keys(f).length ? f : void 0;
		}
		return this._map.get(schema);
	}
	has(schema) {
		return this._map.has(schema);
	}
};
function registry() {
	return new $ZodRegistry();
}
(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;
// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
	if (def.checks) def.checks = [...def.checks];
	return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
	return new Class(snapshotChecks({
		type: "string",
		...normalizeParams(params)
	}));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
	return new Class({
		type: "string",
		format: "email",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
	return new Class({
		type: "string",
		format: "guid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
	return new Class({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
	return new Class({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: false,
		version: "v4",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
	return new Class({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: false,
		version: "v6",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
	return new Class({
		type: "string",
		format: "uuid",
		check: "string_format",
		abort: false,
		version: "v7",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
	return new Class({
		type: "string",
		format: "url",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _emoji(Class, params) {
	return new Class({
		type: "string",
		format: "emoji",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
	return new Class({
		type: "string",
		format: "nanoid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
/**
* @deprecated CUID v1 is deprecated by its authors due to information leakage
* (timestamps embedded in the id). Use {@link _cuid2} instead.
* See https://github.com/paralleldrive/cuid.
*/
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
	return new Class({
		type: "string",
		format: "cuid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
	return new Class({
		type: "string",
		format: "cuid2",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
	return new Class({
		type: "string",
		format: "ulid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
	return new Class({
		type: "string",
		format: "xid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
	return new Class({
		type: "string",
		format: "ksuid",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
	return new Class({
		type: "string",
		format: "ipv4",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
	return new Class({
		type: "string",
		format: "ipv6",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
	return new Class({
		type: "string",
		format: "cidrv4",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
	return new Class({
		type: "string",
		format: "cidrv6",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
	return new Class({
		type: "string",
		format: "base64",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
	return new Class({
		type: "string",
		format: "base64url",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
	return new Class({
		type: "string",
		format: "e164",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
	return new Class({
		type: "string",
		format: "jwt",
		check: "string_format",
		abort: false,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
	return new Class({
		type: "string",
		format: "datetime",
		check: "string_format",
		offset: false,
		local: false,
		precision: null,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
	return new Class({
		type: "string",
		format: "date",
		check: "string_format",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
	return new Class({
		type: "string",
		format: "time",
		check: "string_format",
		precision: null,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
	return new Class({
		type: "string",
		format: "duration",
		check: "string_format",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
	return new Class(snapshotChecks({
		type: "number",
		checks: [],
		...normalizeParams(params)
	}));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
	return new Class({
		type: "number",
		check: "number_format",
		abort: false,
		format: "safeint",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
	return new Class({
		type: "boolean",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
	return new Class({ type: "unknown" });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
	return new Class({
		type: "never",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
	return new $ZodCheckLessThan({
		check: "less_than",
		...normalizeParams(params),
		value,
		inclusive: false
	});
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
	return new $ZodCheckLessThan({
		check: "less_than",
		...normalizeParams(params),
		value,
		inclusive: true
	});
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
	return new $ZodCheckGreaterThan({
		check: "greater_than",
		...normalizeParams(params),
		value,
		inclusive: false
	});
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
	return new $ZodCheckGreaterThan({
		check: "greater_than",
		...normalizeParams(params),
		value,
		inclusive: true
	});
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
	return new $ZodCheckMultipleOf({
		check: "multiple_of",
		...normalizeParams(params),
		value
	});
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
	return new $ZodCheckMaxLength({
		check: "max_length",
		...normalizeParams(params),
		maximum
	});
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
	return new $ZodCheckMinLength({
		check: "min_length",
		...normalizeParams(params),
		minimum
	});
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
	return new $ZodCheckLengthEquals({
		check: "length_equals",
		...normalizeParams(params),
		length
	});
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
	return new $ZodCheckRegex({
		check: "string_format",
		format: "regex",
		...normalizeParams(params),
		pattern
	});
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
	return new $ZodCheckLowerCase({
		check: "string_format",
		format: "lowercase",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
	return new $ZodCheckUpperCase({
		check: "string_format",
		format: "uppercase",
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
	return new $ZodCheckIncludes({
		check: "string_format",
		format: "includes",
		...normalizeParams(params),
		includes
	});
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
	return new $ZodCheckStartsWith({
		check: "string_format",
		format: "starts_with",
		...normalizeParams(params),
		prefix
	});
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
	return new $ZodCheckEndsWith({
		check: "string_format",
		format: "ends_with",
		...normalizeParams(params),
		suffix
	});
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
	return new $ZodCheckOverwrite({
		check: "overwrite",
		tx
	});
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
	return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
	return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
	return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
	return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
	return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
	return new Class({
		type: "array",
		element,
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
	const norm = normalizeParams(_params);
	norm.abort ?? (norm.abort = true);
	return new Class({
		type: "custom",
		check: "custom",
		fn,
		...norm
	});
}
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
	return new Class({
		type: "custom",
		check: "custom",
		fn,
		...normalizeParams(_params)
	});
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
	const ch = /* @__PURE__ */ _check((payload) => {
		payload.addIssue = (issue$2) => {
			if (typeof issue$2 === "string") payload.issues.push(issue(issue$2, payload.value, ch._zod.def));
			else {
				const _issue = issue$2;
				if (_issue.fatal) _issue.continue = false;
				_issue.code ?? (_issue.code = "custom");
				if (!("input" in _issue)) _issue.input = payload.value;
				_issue.inst ?? (_issue.inst = ch);
				_issue.continue ?? (_issue.continue = !ch._zod.def.abort);
				payload.issues.push(issue(_issue));
			}
		};
		return fn(payload.value, payload);
	}, params);
	return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
	const ch = new $ZodCheck({
		check: "custom",
		...normalizeParams(params)
	});
	ch._zod.check = fn;
	return ch;
}
// @__NO_SIDE_EFFECTS__
function describe$1(description) {
	const ch = new $ZodCheck({ check: "describe" });
	ch._zod.onattach = [(inst) => {
		const existing = globalRegistry.get(inst) ?? {};
		globalRegistry.add(inst, {
			...existing,
			description
		});
	}];
	ch._zod.check = () => {};
	return ch;
}
// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
	for (const source of sources) for (const key of Reflect.ownKeys(source)) if (Object.prototype.propertyIsEnumerable.call(source, key)) assignProp(target, key, source[key]);
	return target;
}
function initializeContext(params) {
	let target = params?.target ?? "draft-2020-12";
	if (target === "draft-4") target = "draft-04";
	if (target === "draft-7") target = "draft-07";
	return {
		processors: params.processors ?? {},
		metadataRegistry: params?.metadata ?? globalRegistry,
		target,
		unrepresentable: params?.unrepresentable ?? "throw",
		override: params?.override ?? (() => {}),
		io: params?.io ?? "output",
		counter: 0,
		seen: /* @__PURE__ */ new Map(),
		sharedDefsExtractedFor: void 0,
		sharedEmitDoneFor: void 0,
		cycles: params?.cycles ?? "ref",
		reused: params?.reused ?? "inline",
		intersections: [],
		deferred: [],
		external: params?.external ?? void 0
	};
}
/**
* Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
* `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
* custom JSON Schema was written into `json`, in which case the caller must not write its own.
*/
function handleUnrepresentable(schema, ctx, json, params, message) {
	const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({
		zodSchema: schema,
		path: params.path,
		message
	}) : ctx.unrepresentable;
	if (result === "any") return false;
	if (result === void 0 || result === "throw") throw new Error(message);
	Object.assign(json, result);
	return true;
}
function processSchema(schema, ctx, _params = {
	path: [],
	schemaPath: []
}) {
	var _a;
	const def = schema._zod.def;
	const seen = ctx.seen.get(schema);
	if (seen) {
		seen.count++;
		if (_params.schemaPath.includes(schema)) seen.cycle = _params.path;
		return seen.schema;
	}
	const result = {
		schema: {},
		count: 1,
		cycle: void 0,
		path: _params.path
	};
	ctx.seen.set(schema, result);
	ctx.sharedDefsExtractedFor = void 0;
	ctx.sharedEmitDoneFor = void 0;
	const overrideSchema = schema._zod.toJSONSchema?.();
	if (overrideSchema) result.schema = overrideSchema;
	else {
		const params = {
			..._params,
			schemaPath: [..._params.schemaPath, schema],
			path: _params.path
		};
		if (schema._zod.processJSONSchema) schema._zod.processJSONSchema(ctx, result.schema, params);
		else {
			const _json = result.schema;
			const processor = ctx.processors[def.type];
			if (!processor) throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
			processor(schema, ctx, _json, params);
		}
		const parent = schema._zod.parent;
		if (parent) {
			if (!result.ref) result.ref = parent;
			processSchema(parent, ctx, params);
			ctx.seen.get(parent).isParent = true;
		}
	}
	const meta = ctx.metadataRegistry.get(schema);
	if (meta) assignProps(result.schema, meta);
	if (ctx.io === "input" && isTransforming(schema)) {
		delete result.schema.examples;
		delete result.schema.default;
	}
	if (ctx.io === "input" && "_prefault" in result.schema) (_a = result.schema).default ?? (_a.default = result.schema._prefault);
	delete result.schema._prefault;
	return ctx.seen.get(schema).schema;
}
function encodeJSONPointerSegment(segment) {
	return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
	const root = ctx.seen.get(schema);
	if (!root) throw new Error("Unprocessed schema. This is a bug in Zod.");
	if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external) return;
	const idToSchema = /* @__PURE__ */ new Map();
	for (const entry of ctx.seen.entries()) {
		const id = ctx.metadataRegistry.get(entry[0])?.id;
		if (id) {
			const existing = idToSchema.get(id);
			if (existing && existing !== entry[0]) throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
			idToSchema.set(id, entry[0]);
		}
	}
	const makeURI = (entry) => {
		const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
		if (ctx.external) {
			const externalId = ctx.external.registry.get(entry[0])?.id;
			const uriGenerator = ctx.external.uri ?? ((id) => id);
			if (externalId) return { ref: uriGenerator(externalId) };
			const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
			entry[1].defId = id;
			return {
				defId: id,
				ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}`
			};
		}
		const uriPrefix = `#`;
		const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
		if (entry[1] === root && !entry[1].schema.id) return { ref: uriPrefix };
		const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
		return {
			defId,
			ref: defUriPrefix + encodeJSONPointerSegment(defId)
		};
	};
	const extractToDef = (entry) => {
		if (entry[1].schema.$ref) return;
		const seen = entry[1];
		const { ref, defId } = makeURI(entry);
		seen.def = { ...seen.schema };
		if (defId) seen.defId = defId;
		const schema = seen.schema;
		for (const key in schema) delete schema[key];
		schema.$ref = ref;
	};
	if (ctx.cycles === "throw") for (const entry of ctx.seen.entries()) {
		const seen = entry[1];
		if (seen.cycle) throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
	}
	for (const entry of ctx.seen.entries()) {
		const seen = entry[1];
		if (schema === entry[0]) {
			extractToDef(entry);
			continue;
		}
		if (ctx.external) {
			const ext = ctx.external.registry.get(entry[0])?.id;
			if (schema !== entry[0] && ext) {
				extractToDef(entry);
				continue;
			}
		}
		if (ctx.metadataRegistry.get(entry[0])?.id) {
			extractToDef(entry);
			continue;
		}
		if (seen.cycle) {
			extractToDef(entry);
			continue;
		}
		if (seen.count > 1) {
			if (ctx.reused === "ref") extractToDef(entry);
		}
	}
	if (ctx.external) ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
	const options = schema.anyOf;
	if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0) return;
	const types = [];
	for (const option of options) {
		if (!option || typeof option !== "object") return;
		compactTypeUnion(option);
		const keys = Object.keys(option);
		if (keys.length !== 1 || keys[0] !== "type") return;
		const type = option.type;
		for (const member of Array.isArray(type) ? type : [type]) {
			if (typeof member !== "string") return;
			if (!types.includes(member)) types.push(member);
		}
	}
	delete schema.anyOf;
	schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
* an annotation like `description` — makes a member unfoldable, so a constraint this does not
* understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = /* @__PURE__ */ new Set([
	"type",
	"properties",
	"required",
	"additionalProperties"
]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
	const extra = member.additionalProperties;
	if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null) return null;
	return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
	const objects = [];
	for (const member of members) {
		if (typeof member !== "object" || member.type !== "object") return null;
		for (const key in member) if (!FOLDABLE_KEYS.has(key)) return null;
		objects.push(member);
	}
	const properties = {};
	const required = /* @__PURE__ */ new Set();
	for (const object of objects) {
		for (const key in object.properties) {
			if (Object.prototype.hasOwnProperty.call(properties, key)) continue;
			const parts = [];
			for (const other of objects) {
				const part = other.properties?.[key] ?? undeclaredConstraint(other);
				if (part === null || part === void 0) continue;
				if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part))) parts.push(part);
			}
			assignProp(properties, key, parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts });
		}
		for (const key of object.required ?? []) required.add(key);
	}
	const folded = {
		type: "object",
		properties
	};
	if (required.size) folded.required = [...required];
	if (objects.every((object) => object.additionalProperties === false)) folded.additionalProperties = false;
	else {
		const constraints = [];
		for (const object of objects) {
			const constraint = undeclaredConstraint(object);
			if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint))) constraints.push(constraint);
		}
		if (constraints.length === 1) folded.additionalProperties = constraints[0];
		else if (constraints.length > 1) folded.additionalProperties = { allOf: constraints };
	}
	return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
* closed object members reject each other's keys and the schema validates nothing. Zod's parser
* pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
* *every* side rejects it — so the emitted schema has to pool them too, and folding the members
* into one object is the encoding that says so on every target.
*
* This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
* machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
* keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
	const allOf = json.allOf;
	if (!Array.isArray(allOf) || allOf.length < 2) return;
	for (const key of FOLDABLE_KEYS) if (key in json) return;
	const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
	let folded = null;
	if (!unions.length) folded = foldObjects(allOf);
	else {
		const union = unions[0];
		const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
		if (Object.keys(union).length !== 1) return;
		const rest = allOf.filter((m) => m !== union);
		const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
		if (branches.some((b) => !b)) return;
		folded = { [keyword]: branches };
	}
	if (!folded) return;
	delete json.allOf;
	assignProps(json, folded);
}
function finalize(ctx, schema) {
	const root = ctx.seen.get(schema);
	if (!root) throw new Error("Unprocessed schema. This is a bug in Zod.");
	const flattenRef = (zodSchema) => {
		const seen = ctx.seen.get(zodSchema);
		if (seen.ref === null) return;
		const schema = seen.def ?? seen.schema;
		const _cached = { ...schema };
		const ref = seen.ref;
		seen.ref = null;
		if (ref) {
			flattenRef(ref);
			const refSeen = ctx.seen.get(ref);
			const refSchema = refSeen.schema;
			if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
				schema.allOf = schema.allOf ?? [];
				schema.allOf.push(refSchema);
			} else assignProps(schema, refSchema);
			assignProps(schema, _cached);
			if (zodSchema._zod.parent === ref) for (const key in schema) {
				if (key === "$ref" || key === "allOf") continue;
				if (!(key in _cached)) delete schema[key];
			}
			if (refSchema.$ref && refSeen.def) for (const key in schema) {
				if (key === "$ref" || key === "allOf") continue;
				if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) delete schema[key];
			}
		}
		const parent = zodSchema._zod.parent;
		if (parent && parent !== ref) {
			flattenRef(parent);
			const parentSeen = ctx.seen.get(parent);
			if (parentSeen?.schema.$ref) {
				schema.$ref = parentSeen.schema.$ref;
				if (parentSeen.def) for (const key in schema) {
					if (key === "$ref" || key === "allOf") continue;
					if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) delete schema[key];
				}
			}
		}
		ctx.override({
			zodSchema,
			jsonSchema: schema,
			path: seen.path ?? []
		});
	};
	if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
		for (const entry of [...ctx.seen.entries()].reverse()) flattenRef(entry[0]);
		if (ctx.target !== "openapi-3.0") for (const entry of ctx.seen.entries()) compactTypeUnion(entry[1].def ?? entry[1].schema);
		for (const rewrite of ctx.deferred) rewrite();
		if (ctx.intersections.length) {
			const carriers = /* @__PURE__ */ new Map();
			for (const seen of ctx.seen.values()) for (const json of [seen.schema, seen.def]) {
				const allOf = json?.allOf;
				if (!Array.isArray(allOf)) continue;
				const existing = carriers.get(allOf);
				if (existing) existing.push(json);
				else carriers.set(allOf, [json]);
			}
			for (const allOf of ctx.intersections) for (const json of carriers.get(allOf) ?? []) foldIntersection(json);
		}
	}
	const result = {};
	if (ctx.target === "draft-2020-12") result.$schema = "https://json-schema.org/draft/2020-12/schema";
	else if (ctx.target === "draft-07") result.$schema = "http://json-schema.org/draft-07/schema#";
	else if (ctx.target === "draft-04") result.$schema = "http://json-schema.org/draft-04/schema#";
	else if (ctx.target === "openapi-3.0") {}
	if (ctx.external?.uri) {
		const id = ctx.external.registry.get(schema)?.id;
		if (!id) throw new Error("Schema is missing an `id` property");
		result.$id = ctx.external.uri(id);
	}
	assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
	const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
	if (rootMetaId !== void 0 && result.id === rootMetaId) delete result.id;
	const defs = ctx.external?.defs ?? {};
	if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) for (const entry of ctx.seen.entries()) {
		const seen = entry[1];
		if (seen.def && seen.defId) {
			if (seen.def.id === seen.defId) delete seen.def.id;
			assignProp(defs, seen.defId, seen.def);
		}
	}
	if (ctx.external) ctx.sharedEmitDoneFor = ctx.external;
	if (ctx.external) {} else if (Object.keys(defs).length > 0) {
		if (ctx.target === "draft-2020-12") result.$defs = defs;
		else result.definitions = defs;
	}
	try {
		const finalized = JSON.parse(JSON.stringify(result));
		Object.defineProperty(finalized, "~standard", {
			value: {
				...schema["~standard"],
				jsonSchema: {
					input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
					output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
				}
			},
			enumerable: false,
			writable: false
		});
		return finalized;
	} catch (_err) {
		throw new Error("Error converting schema to JSON.");
	}
}
function isTransforming(_schema, _ctx) {
	const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
	if (ctx.seen.has(_schema)) return false;
	ctx.seen.add(_schema);
	const def = _schema._zod.def;
	if (def.type === "transform") return true;
	if (def.type === "array") return isTransforming(def.element, ctx);
	if (def.type === "set") return isTransforming(def.valueType, ctx);
	if (def.type === "lazy") return isTransforming(def.getter(), ctx);
	if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") return isTransforming(def.innerType, ctx);
	if (def.type === "intersection") return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
	if (def.type === "record" || def.type === "map") return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
	if (def.type === "pipe") {
		if (_schema._zod.traits.has("$ZodCodec")) return true;
		return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
	}
	if (def.type === "object") {
		for (const key in def.shape) if (isTransforming(def.shape[key], ctx)) return true;
		return false;
	}
	if (def.type === "union") {
		for (const option of def.options) if (isTransforming(option, ctx)) return true;
		return false;
	}
	if (def.type === "tuple") {
		for (const item of def.items) if (isTransforming(item, ctx)) return true;
		if (def.rest && isTransforming(def.rest, ctx)) return true;
		return false;
	}
	return false;
}
/**
* Creates a toJSONSchema method for a schema instance.
* This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
*/
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
	const ctx = initializeContext({
		...params,
		processors
	});
	processSchema(schema, ctx);
	extractDefs(ctx, schema);
	return finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
	const { libraryOptions, target } = params ?? {};
	const ctx = initializeContext({
		...libraryOptions ?? {},
		target,
		io,
		processors
	});
	processSchema(schema, ctx);
	extractDefs(ctx, schema);
	return finalize(ctx, schema);
};
// node_modules/zod/v4/core/json-schema-processors.js
const narrowMin = (agg, key, value) => {
	if (agg[key] === void 0 || value > agg[key]) agg[key] = value;
};
const narrowMax = (agg, key, value) => {
	if (agg[key] === void 0 || value < agg[key]) agg[key] = value;
};
const narrowBoth = (agg, value) => {
	narrowMin(agg, "minimum", value);
	narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
	agg.multipleOf ?? (agg.multipleOf = []);
	if (!agg.multipleOf.includes(value)) agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
	agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
	agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
	agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
const setFormat = (agg, format) => {
	agg.format = format;
	if (format.includes("int")) agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
	setFormat(agg, def.format);
	const [minimum, maximum] = ranges[def.format];
	narrowMin(agg, "minimum", minimum);
	narrowMax(agg, "maximum", maximum);
};
const contributors = {
	greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
	less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
	multiple_of: (agg, def) => addDivisor(agg, def.value),
	number_format: formatContributor(NUMBER_FORMAT_RANGES),
	bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
	min_length: minContributor,
	max_length: maxContributor,
	length_equals: (agg, def) => narrowBoth(agg, def.length),
	min_size: minContributor,
	max_size: maxContributor,
	size_equals: (agg, def) => narrowBoth(agg, def.size),
	string_format: (agg, def) => {
		setFormat(agg, def.format);
		if (def.pattern) addPattern(agg, def.pattern);
		if (def.format === "base64" || def.format === "base64url") agg.contentEncoding = def.format;
		if (def.local || def.precision === -1) agg.laxFormat = true;
	},
	mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
	const agg = {};
	const def = schema._zod.def;
	const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
	for (const ch of list) contributors[ch._zod.def.check]?.(agg, ch._zod.def);
	const bag = schema._zod.bag;
	if (bag.minimum !== void 0) narrowMin(agg, "minimum", bag.minimum);
	if (bag.exclusiveMinimum !== void 0) narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
	if (bag.maximum !== void 0) narrowMax(agg, "maximum", bag.maximum);
	if (bag.exclusiveMaximum !== void 0) narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
	if (bag.multipleOf !== void 0) addDivisor(agg, bag.multipleOf);
	if (bag.format !== void 0) {
		agg.format ?? (agg.format = bag.format);
		if (bag.format.includes("int")) agg.isInt = true;
	}
	if (bag.mime) intersectMime(agg, bag.mime);
	for (const pattern of bag.patterns ?? []) addPattern(agg, pattern);
	return agg;
}
const formatMap = {
	guid: "uuid",
	url: "uri",
	datetime: "date-time",
	json_string: "json-string",
	regex: ""
};
const exactPatterns = /* @__PURE__ */ new Map([[base64Charset, base64], [base64urlCharset, base64url]]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
	const json = _json;
	json.type = "string";
	const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
	if (typeof minimum === "number") json.minLength = minimum;
	if (typeof maximum === "number") json.maxLength = maximum;
	if (format) {
		json.format = formatMap[format] ?? format;
		if (json.format === "") delete json.format;
		if (format === "time" || laxFormat) delete json.format;
	}
	if (contentEncoding) json.contentEncoding = contentEncoding;
	if (patterns && patterns.size > 0) {
		const patternList = [...patterns].map(exactPattern);
		if (patternList.length === 1) json.pattern = patternList[0].source;
		else if (patternList.length > 1) json.allOf = [...patternList.map((regex) => ({
			...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
			pattern: regex.source
		}))];
	}
};
const numberProcessor = (schema, ctx, _json, params) => {
	const json = _json;
	const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
	json.type = isInt ? "integer" : "number";
	const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
	const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
	const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
	if (exMin) {
		if (legacy) {
			json.minimum = exclusiveMinimum;
			json.exclusiveMinimum = true;
		} else json.exclusiveMinimum = exclusiveMinimum;
	} else if (typeof minimum === "number") json.minimum = minimum;
	if (exMax) {
		if (legacy) {
			json.maximum = exclusiveMaximum;
			json.exclusiveMaximum = true;
		} else json.exclusiveMaximum = exclusiveMaximum;
	} else if (typeof maximum === "number") json.maximum = maximum;
	if (multipleOf) {
		const divisors = /* @__PURE__ */ new Set();
		for (const divisor of multipleOf) if (Number.isFinite(divisor) && divisor !== 0) divisors.add(Math.abs(divisor));
		else handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
		const [first, ...rest] = divisors;
		if (first !== void 0) json.multipleOf = first;
		if (rest.length) json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
	}
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
	json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
	if (ctx.target === "openapi-3.0") {
		json.type = "string";
		json.nullable = true;
		json.enum = [null];
	} else json.type = "null";
};
const undefinedProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
	json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {};
const unknownProcessor = (_schema, _ctx, _json, _params) => {};
const dateProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
	const def = schema._zod.def;
	const values = getEnumValues(def.entries);
	if (values.length === 0) {
		json.not = {};
		return;
	}
	if (values.every((v) => typeof v === "number")) json.type = "number";
	if (values.every((v) => typeof v === "string")) json.type = "string";
	json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	if (def.values.length === 0) {
		json.not = {};
		return;
	}
	const vals = [];
	for (const val of def.values) if (val === void 0) {
		if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema")) return;
	} else if (typeof val === "bigint") {
		if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema")) return;
		vals.push(Number(val));
	} else vals.push(val);
	if (vals.length === 0) {} else if (vals.length === 1) {
		const val = vals[0];
		json.type = val === null ? "null" : typeof val;
		if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") json.enum = [val];
		else json.const = val;
	} else {
		if (vals.every((v) => typeof v === "number")) json.type = "number";
		if (vals.every((v) => typeof v === "string")) json.type = "string";
		if (vals.every((v) => typeof v === "boolean")) json.type = "boolean";
		if (vals.every((v) => v === null)) json.type = "null";
		json.enum = vals;
	}
};
const nanProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
	const _json = json;
	const pattern = schema._zod.pattern;
	if (!pattern) throw new Error("Pattern not found in template literal");
	_json.type = "string";
	_json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
	const _json = json;
	_json.type = "string";
	_json.format = "binary";
	_json.contentEncoding = "binary";
	const { minimum, maximum, mime } = aggregateChecks(schema);
	if (minimum !== void 0) _json.minLength = minimum;
	if (maximum !== void 0) _json.maxLength = maximum;
	if (!mime) return;
	if (mime.length === 0) _json.not = {};
	else if (mime.length === 1) _json.contentMediaType = mime[0];
	else _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
	json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
	handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
const arrayProcessor = (schema, ctx, _json, params) => {
	const json = _json;
	const def = schema._zod.def;
	const { minimum, maximum } = aggregateChecks(schema);
	if (typeof minimum === "number") json.minItems = minimum;
	if (typeof maximum === "number") json.maxItems = maximum;
	json.type = "array";
	json.items = processSchema(def.element, ctx, {
		...params,
		path: [...params.path, "items"]
	});
};
function inputOptin(schema) {
	const def = schema._zod.def;
	if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) return inputOptin(def.out);
	if (def.type === "catch") return inputOptin(def.innerType);
	return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
	const json = _json;
	const def = schema._zod.def;
	const shape = def.shape;
	if (Object.getOwnPropertySymbols(shape).length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) return;
	json.type = "object";
	json.properties = {};
	for (const key in shape) assignProp(json.properties, key, processSchema(shape[key], ctx, {
		...params,
		path: [
			...params.path,
			"properties",
			key
		]
	}));
	const requiredKeys = [];
	for (const key of Object.keys(shape)) {
		const field = def.shape[key];
		if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) requiredKeys.push(key);
	}
	if (requiredKeys.length > 0) json.required = requiredKeys;
	if (def.catchall?._zod.def.type === "never") json.additionalProperties = false;
	else if (!def.catchall) {
		if (ctx.io === "output") json.additionalProperties = false;
	} else if (def.catchall) json.additionalProperties = processSchema(def.catchall, ctx, {
		...params,
		path: [...params.path, "additionalProperties"]
	});
};
const unionProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	const isExclusive = def.inclusive === false;
	const options = def.options.map((x, i) => processSchema(x, ctx, {
		...params,
		path: [
			...params.path,
			isExclusive ? "oneOf" : "anyOf",
			i
		]
	}));
	if (isExclusive) json.oneOf = options;
	else json.anyOf = options;
};
const intersectionProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	const a = processSchema(def.left, ctx, {
		...params,
		path: [
			...params.path,
			"allOf",
			0
		]
	});
	const b = processSchema(def.right, ctx, {
		...params,
		path: [
			...params.path,
			"allOf",
			1
		]
	});
	const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
	const allOf = [...isSimpleIntersection(a) ? a.allOf : [a], ...isSimpleIntersection(b) ? b.allOf : [b]];
	json.allOf = allOf;
	ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
	const json = _json;
	const def = schema._zod.def;
	json.type = "array";
	const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
	const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
	const prefixItems = def.items.map((x, i) => processSchema(x, ctx, {
		...params,
		path: [
			...params.path,
			prefixPath,
			i
		]
	}));
	const rest = def.rest ? processSchema(def.rest, ctx, {
		...params,
		path: [
			...params.path,
			restPath,
			...ctx.target === "openapi-3.0" ? [def.items.length] : []
		]
	}) : null;
	let minItems = def.items.length;
	while (minItems > 0) {
		const item = def.items[minItems - 1];
		if (!(ctx.io === "input" ? inputOptin(item) !== void 0 : item._zod.optout === "optional")) break;
		minItems--;
	}
	const maxItems = def.items.length;
	const isClosed = !def.rest;
	if (ctx.target === "draft-2020-12") {
		json.prefixItems = prefixItems;
		if (isClosed) json.items = false;
		else if (rest) json.items = rest;
		if (minItems > 0) json.minItems = minItems;
		if (isClosed) json.maxItems = maxItems;
	} else if (ctx.target === "openapi-3.0") {
		json.items = { anyOf: prefixItems };
		if (rest) json.items.anyOf.push(rest);
		if (minItems > 0) json.minItems = minItems;
		if (isClosed) json.maxItems = maxItems;
	} else {
		json.items = prefixItems;
		if (isClosed) json.additionalItems = false;
		else if (rest) json.additionalItems = rest;
		if (minItems > 0) json.minItems = minItems;
		if (isClosed) json.maxItems = maxItems;
	}
	const { minimum, maximum } = aggregateChecks(schema);
	if (typeof minimum === "number") json.minItems = minimum;
	if (typeof maximum === "number") json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
* numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
* behind a wrapper only carries its own `type` before then, and a union key only has its branches.
*
* A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
* than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
* exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
* accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
* outright. */
function stringifyKeyNames(bySchema, json, visited) {
	if (json.$ref) {
		if (visited.has(json)) return json;
		visited.add(json);
		const def = bySchema.get(json)?.def;
		if (!def) return json;
		const inlined = stringifyKeyNames(bySchema, def, visited);
		return inlined === def ? json : inlined;
	}
	for (const keyword of ["anyOf", "oneOf"]) {
		const branches = json[keyword];
		if (!Array.isArray(branches)) continue;
		const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
		if (mapped.some((branch, i) => branch !== branches[i])) json = {
			...json,
			[keyword]: mapped
		};
	}
	const types = Array.isArray(json.type) ? json.type : [json.type];
	const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
	const values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
	if (!numericType && !values?.some((v) => typeof v === "number")) return json;
	const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
	if (rest.enum) rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
	else if (typeof rest.const === "number") rest.const = String(rest.const);
	if (!numericType) return rest;
	rest.type = "string";
	if (!values) rest.pattern = (types.includes("number") ? number$1 : integer).source;
	return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
	const bySchema = /* @__PURE__ */ new Map();
	for (const entry of ctx.seen.values()) if (entry.def && !bySchema.has(entry.schema)) bySchema.set(entry.schema, entry);
	const rewrites = /* @__PURE__ */ new Map();
	for (const record of pendingRecords.get(ctx) ?? []) {
		const seen = ctx.seen.get(record);
		const names = (seen?.def ?? seen?.schema)?.propertyNames;
		if (!names || names === true || rewrites.has(names)) continue;
		const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
		if (rewritten !== names) rewrites.set(names, rewritten);
	}
	if (!rewrites.size) return;
	for (const entry of ctx.seen.values()) for (const carrier of [entry.schema, entry.def]) {
		const rewritten = carrier && rewrites.get(carrier.propertyNames);
		if (rewritten) carrier.propertyNames = rewritten;
	}
}
const recordProcessor = (schema, ctx, _json, params) => {
	const json = _json;
	const def = schema._zod.def;
	json.type = "object";
	const keyType = def.keyType;
	const patterns = aggregateChecks(keyType).patterns;
	if (def.mode === "loose" && patterns && patterns.size > 0) {
		const valueSchema = processSchema(def.valueType, ctx, {
			...params,
			path: [
				...params.path,
				"patternProperties",
				"*"
			]
		});
		json.patternProperties = {};
		for (const pattern of patterns) assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
	} else {
		if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
			json.propertyNames = processSchema(def.keyType, ctx, {
				...params,
				path: [...params.path, "propertyNames"]
			});
			let pending = pendingRecords.get(ctx);
			if (!pending) {
				pending = [];
				pendingRecords.set(ctx, pending);
				ctx.deferred.push(() => rewriteKeyNames(ctx));
			}
			pending.push(schema);
		}
		json.additionalProperties = processSchema(def.valueType, ctx, {
			...params,
			path: [...params.path, "additionalProperties"]
		});
	}
	const keyValues = keyType._zod.values;
	const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
	if (keyValues && !def.partial && !omittableOnInput) {
		const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
		if (validKeyValues.length > 0) json.required = validKeyValues.map(String);
	}
};
const nullableProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	const inner = processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	if (ctx.target === "openapi-3.0") {
		seen.ref = def.innerType;
		json.nullable = true;
	} else json.anyOf = [inner, { type: "null" }];
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
* A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
* unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
	let unrepresentable = false;
	const serialized = JSON.stringify(value, (_, val) => {
		if (typeof val !== "bigint") return val;
		unrepresentable = true;
		return null;
	});
	if (!unrepresentable) return JSON.parse(serialized);
	handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
	return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
	const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
	if (value !== UNREPRESENTABLE_DEFAULT) json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
	if (ctx.io !== "input") return;
	const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
	if (value !== UNREPRESENTABLE_DEFAULT) json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
	let catchValue;
	try {
		catchValue = def.catchValue(void 0);
	} catch {
		handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
		return;
	}
	json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
	const def = schema._zod.def;
	const inIsTransform = def.in._zod.traits.has("$ZodTransform");
	const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
	processSchema(innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
	json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
	const def = schema._zod.def;
	processSchema(def.innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
	const innerType = schema._zod.innerType;
	processSchema(innerType, ctx, params);
	const seen = ctx.seen.get(schema);
	seen.ref = innerType;
};
const allProcessors = {
	string: stringProcessor,
	number: numberProcessor,
	boolean: booleanProcessor,
	bigint: bigintProcessor,
	symbol: symbolProcessor,
	null: nullProcessor,
	undefined: undefinedProcessor,
	void: voidProcessor,
	never: neverProcessor,
	any: anyProcessor,
	unknown: unknownProcessor,
	date: dateProcessor,
	enum: enumProcessor,
	literal: literalProcessor,
	nan: nanProcessor,
	template_literal: templateLiteralProcessor,
	file: fileProcessor,
	success: successProcessor,
	custom: customProcessor,
	function: functionProcessor,
	transform: transformProcessor,
	map: mapProcessor,
	set: setProcessor,
	array: arrayProcessor,
	object: objectProcessor,
	union: unionProcessor,
	intersection: intersectionProcessor,
	tuple: tupleProcessor,
	record: recordProcessor,
	nullable: nullableProcessor,
	nonoptional: nonoptionalProcessor,
	default: defaultProcessor,
	prefault: prefaultProcessor,
	catch: catchProcessor,
	pipe: pipeProcessor,
	readonly: readonlyProcessor,
	promise: promiseProcessor,
	optional: optionalProcessor,
	lazy: lazyProcessor
};
function toJSONSchema(input, params) {
	if ("_idmap" in input) {
		const registry = input;
		const ctx = initializeContext({
			...params,
			processors: allProcessors
		});
		const defs = {};
		for (const entry of registry._idmap.entries()) {
			const [_, schema] = entry;
			processSchema(schema, ctx);
		}
		const schemas = {};
		ctx.external = {
			registry,
			uri: params?.uri,
			defs
		};
		for (const entry of registry._idmap.entries()) {
			const [key, schema] = entry;
			extractDefs(ctx, schema);
			assignProp(schemas, key, finalize(ctx, schema));
		}
		if (Object.keys(defs).length > 0) schemas.__shared = { [ctx.target === "draft-2020-12" ? "$defs" : "definitions"]: defs };
		return { schemas };
	}
	const ctx = initializeContext({
		...params,
		processors: allProcessors
	});
	processSchema(input, ctx);
	extractDefs(ctx, input);
	return finalize(ctx, input);
}
// node_modules/zod/v4/mini/schemas.js
const ZodMiniType = /*@__PURE__*/ $constructor("ZodMiniType", (inst, def) => {
	if (!inst._zod) throw new Error("Uninitialized schema in ZodMiniType.");
	$ZodType.init(inst, def);
	inst.def = def;
	inst.type = def.type;
}, {
	get with() {
		return this.check;
	},
	set with(value) {
		own(this, "with", value);
	},
	parse(data, params) {
		return parse$1(this, data, params, { callee: this.parse });
	},
	parseAsync(data, params) {
		return parseAsync$1(this, data, params, { callee: this.parseAsync });
	},
	safeParse(data, params) {
		return safeParse$1(this, data, params);
	},
	safeParseAsync(data, params) {
		return safeParseAsync$1(this, data, params);
	},
	check(...checks) {
		const def = this.def;
		return this.clone({
			...def,
			checks: [...def.checks ?? [], ...checks.map((ch) => typeof ch === "function" ? { _zod: {
				check: ch,
				def: { check: "custom" },
				onattach: []
			} } : ch)]
		}, { parent: true });
	},
	clone(_def, params) {
		return clone(this, _def, params);
	},
	brand() {
		return this;
	},
	register(reg, meta) {
		reg.add(this, meta);
		return this;
	},
	apply(fn, ...args) {
		return args.length === 0 ? fn(this) : fn(this, ...args);
	}
});
const ZodMiniString = /*@__PURE__*/ $constructor("ZodMiniString", (inst, def) => {
	$ZodString.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function string$1(params) {
	return /* @__PURE__ */ _string(ZodMiniString, params);
}
const ZodMiniNumber = /*@__PURE__*/ $constructor("ZodMiniNumber", (inst, def) => {
	$ZodNumber.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function number(params) {
	return /* @__PURE__ */ _number(ZodMiniNumber, params);
}
const ZodMiniNumberFormat = /*@__PURE__*/ $constructor("ZodMiniNumberFormat", (inst, def) => {
	$ZodNumberFormat.init(inst, def);
	ZodMiniNumber.init(inst, def);
});
function int$1(params) {
	return /* @__PURE__ */ _int(ZodMiniNumberFormat, params);
}
const ZodMiniBoolean = /*@__PURE__*/ $constructor("ZodMiniBoolean", (inst, def) => {
	$ZodBoolean.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function boolean$1(params) {
	return /* @__PURE__ */ _boolean(ZodMiniBoolean, params);
}
const ZodMiniNever = /*@__PURE__*/ $constructor("ZodMiniNever", (inst, def) => {
	$ZodNever.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function never$1(params) {
	return /* @__PURE__ */ _never(ZodMiniNever, params);
}
const ZodMiniArray = /*@__PURE__*/ $constructor("ZodMiniArray", (inst, def) => {
	$ZodArray.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function array$1(element, params) {
	return new ZodMiniArray({
		type: "array",
		element,
		...normalizeParams(params)
	});
}
const ZodMiniObject = /*@__PURE__*/ $constructor("ZodMiniObject", (inst, def) => {
	$ZodObject.init(inst, def);
	ZodMiniType.init(inst, def);
	installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
});
// @__NO_SIDE_EFFECTS__
function strictObject$1(shape, params) {
	return new ZodMiniObject({
		type: "object",
		shape,
		catchall: /* @__PURE__ */ never$1(),
		...normalizeParams(params)
	});
}
// @__NO_SIDE_EFFECTS__
function extend(schema, shape) {
	return extend$1(schema, shape);
}
// @__NO_SIDE_EFFECTS__
function omit(schema, mask) {
	return omit$1(schema, mask);
}
const ZodMiniTuple = /*@__PURE__*/ $constructor("ZodMiniTuple", (inst, def) => {
	$ZodTuple.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function tuple(items, _paramsOrRest, _params) {
	const hasRest = _paramsOrRest instanceof $ZodType;
	return new ZodMiniTuple({
		type: "tuple",
		items,
		rest: hasRest ? _paramsOrRest : null,
		...normalizeParams(hasRest ? _params : _paramsOrRest)
	});
}
const ZodMiniEnum = /*@__PURE__*/ $constructor("ZodMiniEnum", (inst, def) => {
	$ZodEnum.init(inst, def);
	ZodMiniType.init(inst, def);
	inst.options = [...inst._zod.values];
});
// @__NO_SIDE_EFFECTS__
function _enum$1(values, params) {
	const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
	return new ZodMiniEnum({
		type: "enum",
		entries,
		...normalizeParams(params)
	});
}
const ZodMiniLiteral = /*@__PURE__*/ $constructor("ZodMiniLiteral", (inst, def) => {
	$ZodLiteral.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function literal$1(value, params) {
	return new ZodMiniLiteral({
		type: "literal",
		values: Array.isArray(value) ? value : [value],
		...normalizeParams(params)
	});
}
const ZodMiniOptional = /*@__PURE__*/ $constructor("ZodMiniOptional", (inst, def) => {
	$ZodOptional.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function optional$1(innerType) {
	return new ZodMiniOptional({
		type: "optional",
		innerType
	});
}
const ZodMiniNullable = /*@__PURE__*/ $constructor("ZodMiniNullable", (inst, def) => {
	$ZodNullable.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function nullable$1(innerType) {
	return new ZodMiniNullable({
		type: "nullable",
		innerType
	});
}
const ZodMiniDefault = /*@__PURE__*/ $constructor("ZodMiniDefault", (inst, def) => {
	$ZodDefault.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function _default$1(innerType, defaultValue) {
	return new ZodMiniDefault({
		type: "default",
		innerType,
		get defaultValue() {
			return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
		}
	});
}
const ZodMiniCustom = /*@__PURE__*/ $constructor("ZodMiniCustom", (inst, def) => {
	$ZodCustom.init(inst, def);
	ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function custom$1(fn, _params) {
	return /* @__PURE__ */ _custom(ZodMiniCustom, fn ?? (() => true), _params);
}
// @__NO_SIDE_EFFECTS__
function refine$1(fn, _params = {}) {
	return /* @__PURE__ */ _refine(ZodMiniCustom, fn, _params);
}
// @__NO_SIDE_EFFECTS__
function superRefine$1(fn, params) {
	return /* @__PURE__ */ _superRefine(fn, params);
}
const describe = describe$1;
// src/env/zod-messages.ts
/** The unit of a size check, by what was measured; other origins are compared as values. */
const SIZE_UNITS = {
	string: "characters",
	file: "bytes",
	array: "items",
	set: "items",
	map: "entries"
};
/** A string format's name in a message, where it differs from the format's own. */
const FORMAT_NAMES = {
	regex: "input",
	email: "email address",
	url: "URL",
	uuid: "UUID",
	uuidv4: "UUIDv4",
	uuidv6: "UUIDv6",
	guid: "GUID",
	ulid: "ULID",
	xid: "XID",
	ksuid: "KSUID",
	datetime: "ISO datetime",
	date: "ISO date",
	time: "ISO time",
	duration: "ISO duration",
	ipv4: "IPv4 address",
	ipv6: "IPv6 address",
	mac: "MAC address",
	cidrv4: "IPv4 range",
	cidrv6: "IPv6 range",
	base64: "base64-encoded string",
	base64url: "base64url-encoded string",
	json_string: "JSON string",
	e164: "E.164 number",
	currency_code: "currency code",
	credit_card: "credit card number",
	iban: "IBAN",
	jwt: "JWT",
	template_literal: "input"
};
/** A value in a message as zod quotes it: a string in double quotes, a bigint with its n. */
function quoted(value) {
	return typeof value === "bigint" ? `${value}n` : typeof value === "string" ? `"${value}"` : `${String(value)}`;
}
/** What an input is, as zod names it: "nan", "null", "array", a class's name, or its `typeof`. */
function inputType(input) {
	if (typeof input === "number") return Number.isNaN(input) ? "nan" : "number";
	if (typeof input !== "object") return typeof input;
	if (input === null) return "null";
	if (Array.isArray(input)) return "array";
	const made = Object.getPrototypeOf(input) !== Object.prototype && "constructor" in input ? input.constructor : null;
	return typeof made === "function" ? made.name : "object";
}
/** A type's name in a message: "NaN" for zod's "nan", and an infinite number as itself. */
function typeName(type, input) {
	if (type === "number" && typeof input === "number" && !Number.isFinite(input)) return String(input);
	return type === "nan" ? "NaN" : type;
}
/** One issue's message, in the words of zod's English locale. */
function zodEnglishMessage(issue) {
	const joinValues = (values, separator) => values.map(quoted).join(separator);
	switch (issue.code) {
		case "invalid_type": {
			const received = typeName(inputType(issue.input), issue.input);
			return `Invalid input: expected ${typeName(issue.expected)}, received ${received}`;
		}
		case "invalid_value": return issue.values.length === 1 ? `Invalid input: expected ${quoted(issue.values[0])}` : `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
		case "too_big":
		case "too_small": {
			const big = issue.code === "too_big";
			const bound = (big ? issue.maximum : issue.minimum).toString();
			const adjective = issue.exact ? "exactly " : issue.inclusive ? big ? "<=" : ">=" : big ? "<" : ">";
			const unit = issue.origin === void 0 ? void 0 : SIZE_UNITS[issue.origin];
			const origin = big ? issue.origin ?? "value" : issue.origin;
			return unit === void 0 ? `Too ${big ? "big" : "small"}: expected ${origin} to be ${adjective}${bound}` : `Too ${big ? "big" : "small"}: expected ${origin} to have ${adjective}${bound} ${unit}`;
		}
		case "invalid_format": {
			const format = issue;
			if (format.format === "starts_with") return `Invalid string: must start with "${format.prefix}"`;
			if (format.format === "ends_with") return `Invalid string: must end with "${format.suffix}"`;
			if (format.format === "includes") return `Invalid string: must include "${format.includes}"`;
			if (format.format === "regex") return `Invalid string: must match pattern ${format.pattern}`;
			return `Invalid ${FORMAT_NAMES[format.format] ?? format.format}`;
		}
		case "not_multiple_of": return `Invalid number: must be a multiple of ${issue.divisor}`;
		case "unrecognized_keys": return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
		case "invalid_key": return `Invalid key in ${issue.origin}`;
		case "invalid_union": {
			const options = issue.options;
			if (Array.isArray(options) && options.length > 0) return `Invalid discriminator value. Expected ${options.map((o) => `'${o}'`).join(" | ")}`;
			return issue.inclusive === false ? "Invalid input: more than one option matched" : "Invalid input";
		}
		case "invalid_element": return `Invalid value in ${issue.origin}`;
		default: return "Invalid input";
	}
}
// src/env/errors.ts
/**
* Every error tengym raises on bad input: an unknown id, a bad option, a malformed
* deck or state, an illegal action. The message names the problem and what would be
* accepted; `code` lets a program tell the kinds apart without parsing text.
*/
if (config().localeError === void 0) config({ localeError: zodEnglishMessage });
/**
* The error every bad input raises: its `code` says what kind, its message names the field, card or
* action and what would be accepted. A refused call leaves the env as it was.
*/
var TengymError = class extends Error {
	code;
	constructor(code, message) {
		super(message);
		this.name = "TengymError";
		this.code = code;
	}
};
/**
* An exception an agent threw while it played (an agent of one's own, or a bug in one of
* tengym's), not a `TengymError`: said with which agent and where in the game, the exception
* itself kept as `cause`, so that a command line shows the agent's own frame, not tengym's.
*/
var AgentThrewError = class extends Error {
	/**
	* `who` names the agent and where it was ("agent "x", deal 3 (seed 7): the agent"); the message goes on "threw Error:
	* …".
	*/
	constructor(who, thrown) {
		super(`${who} threw ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`, { cause: thrown });
		this.name = "AgentThrewError";
	}
};
/** Whether `e` is a `TengymError` (a type guard for `catch` blocks). */
function isTengymError(e) {
	return e instanceof TengymError;
}
/**
* A value as an error message shows it: JSON where JSON says what it is, and the
* JavaScript spelling where JSON would mislead or throw (NaN and Infinity are not
* `null`, a BigInt is `0n`, `undefined` is not left out).
*/
function showValue(value) {
	if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : String(value);
	if (typeof value === "bigint") return `${value}n`;
	if (value === void 0 || typeof value === "function" || typeof value === "symbol") return String(value);
	try {
		return JSON.stringify(value, (_k, v) => typeof v === "bigint" ? `${v}n` : typeof v === "number" && !Number.isFinite(v) ? String(v) : v) ?? String(value);
	} catch {
		return Object.prototype.toString.call(value);
	}
}
const SHOWN_ESCAPED = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890-\\u0891\\u08E2\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB\\u{110BD}\\u{110CD}\\u{13430}-\\u{1343F}\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0001}\\u{E0020}-\\u{E007F}"\\\\]`, "gu");
/**
* A name from input (an env id, a state's env), quoted for a message: control and format
* characters (NUL, a right-to-left override) written as \\uXXXX, which would otherwise hide in the
* text or reorder it, and a long one cut to its first `max` characters.
*/
function showName(name, max = 64) {
	const escaped = (t) => t.replace(SHOWN_ESCAPED, (c) => c === "\"" || c === "\\" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
	return name.length > max ? `"${escaped(name.slice(0, max))}…" (${name.length} characters)` : `"${escaped(name)}"`;
}
/**
* Whether a value (from JSON or a caller) is a plain object of fields: not null, not an array,
* and made by `{ … }`, `JSON.parse` or `Object.create(null)`, not a `Map`, a `Date`, a class
* instance or an object that inherits keys (spread or read field by field, those would silently
* lose what they hold). An object of another realm (an iframe, `vm`) counts as plain too.
*/
function isPlainObject(value) {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value);
	return proto === null || Object.getPrototypeOf(proto) === null;
}
/**
* An object's own fields by name, as a new record: how options and configs, typed by their
* schema, are read and compared field by field.
*/
function fieldsOf(value) {
	return Object.fromEntries(Object.entries(value));
}
/** "1 card", "3 cards": a count and its noun (plural by an s), as messages and the terminal say them. */
function plural(n, noun) {
	return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
/** What a value is, in a few words, for messages that refuse a non-plain object ("a Map", "an array"). */
function describeKind(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value !== "object") return showValue(value);
	const proto = Object.getPrototypeOf(value);
	const name = proto?.constructor?.name;
	if (proto !== null && Object.getPrototypeOf(proto) !== null && (typeof name !== "string" || name === "Object")) return "an object that inherits its keys";
	return typeof name === "string" && name !== "Object" ? `${/^[AEIO]/.test(name) ? "an" : "a"} ${name}` : showValue(value);
}
/**
* What a state argument that is no state object is, for "bad state" messages: saved JSON passed as its text is the
* likely mistake, so this says how to load it.
*/
function describeNotState(value) {
	if (typeof value === "string") return "a string: JSON.parse(text) turns saved JSON into it";
	const kind = describeKind(value);
	return typeof value?.getState === "function" ? `${kind}: its getState() gives the state` : kind;
}
/**
* A zod error on one line, its issues apart by "; ", as every "bad options", "bad state" and "bad config" message shows
* it.
*/
function formatZodError(error) {
	return prettifyError(error).replace(/\n✖ /g, "; ").replace(/\n\s*/g, " ").replace(/✖ /g, "");
}
// src/env/game.ts
/**
* The result of a game measured by the cards left on the table at the end (fewer is better): what
* Tens, Block Ten and the decade family declare, and any game whose outcome is `{ won, cardsLeft }`.
*/
const CARDS_LEFT_RESULT = {
	fields: [{
		key: "cardsLeft",
		label: "cards left"
	}],
	figures: [{
		key: "meanCardsLeft",
		label: "mean cards left",
		of: { mean: "cardsLeft" },
		digits: 2,
		better: "lower",
		in: [
			"report",
			"train",
			"eval",
			"stats"
		]
	}],
	compare: {
		field: "cardsLeft",
		over: "all",
		better: "lower"
	}
};
/** The members a game must have (registerGame checks them), each with what it is for. */
const GAME_MEMBERS = [
	{
		name: "name",
		kind: "string",
		what: "the engine name"
	},
	{
		name: "optionsSchema",
		kind: "object",
		what: "the zod schema of its options"
	},
	{
		name: "result",
		kind: "object",
		what: "what its result is measured by besides the win: a ResultSpec, CARDS_LEFT_RESULT for cards left"
	},
	{
		name: "numActions",
		kind: "function",
		what: "the number of action ids"
	},
	{
		name: "observationSize",
		kind: "function",
		what: "the observation length"
	},
	{
		name: "createState",
		kind: "function",
		what: "allocates a state"
	},
	{
		name: "copyState",
		kind: "function",
		what: "copies a state into another"
	},
	{
		name: "reset",
		kind: "function",
		what: "starts an episode"
	},
	{
		name: "legalActions",
		kind: "function",
		what: "the legal action ids"
	},
	{
		name: "step",
		kind: "function",
		what: "applies an action"
	},
	{
		name: "status",
		kind: "function",
		what: "running, terminated or truncated"
	},
	{
		name: "observe",
		kind: "function",
		what: "writes the observation"
	},
	{
		name: "outcome",
		kind: "function",
		what: "the episode's result"
	}
];
/** The members a game may have, each a function where it has it (`sameOutcome` a boolean too, `rules` a string). */
const OPTIONAL_GAME_MEMBERS = [
	"describeAction",
	"whyIllegal",
	"render",
	"parseDeck",
	"toJSON",
	"fromJSON",
	"checkState",
	"expectedReturn",
	"observationBounds",
	"inconsistencies",
	"sameOutcome",
	"actionCards",
	"moveKind",
	"cardFace",
	"prompt",
	"board",
	"stepNote",
	"endText",
	"unwinnable",
	"undoLimit"
];
// node_modules/pure-rand/lib/esm/generator/xoroshiro128plus.js
const jumps = [
	3639956645,
	3750757012,
	1261568508,
	386426335
];
var XoroShiro128Plus = class XoroShiro128Plus {
	constructor(s01, s00, s11, s10) {
		this.s01 = s01;
		this.s00 = s00;
		this.s11 = s11;
		this.s10 = s10;
	}
	clone() {
		return new XoroShiro128Plus(this.s01, this.s00, this.s11, this.s10);
	}
	next() {
		const out = this.s00 + this.s10 | 0;
		const a0 = this.s10 ^ this.s00;
		const a1 = this.s11 ^ this.s01;
		const s00 = this.s00;
		const s01 = this.s01;
		this.s00 = s00 << 24 ^ s01 >>> 8 ^ a0 ^ a0 << 16;
		this.s01 = s01 << 24 ^ s00 >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
		this.s10 = a1 << 5 ^ a0 >>> 27;
		this.s11 = a0 << 5 ^ a1 >>> 27;
		return out;
	}
	jump() {
		let ns01 = 0;
		let ns00 = 0;
		let ns11 = 0;
		let ns10 = 0;
		let s01 = this.s01;
		let s00 = this.s00;
		let s11 = this.s11;
		let s10 = this.s10;
		for (let i = 0; i !== 4; ++i) {
			const ji = jumps[i];
			for (let mask = 1; mask; mask <<= 1) {
				if (ji & mask) {
					ns01 ^= s01;
					ns00 ^= s00;
					ns11 ^= s11;
					ns10 ^= s10;
				}
				const a0 = s10 ^ s00;
				const a1 = s11 ^ s01;
				const s00_ = s00;
				const s01_ = s01;
				s00 = s00_ << 24 ^ s01_ >>> 8 ^ a0 ^ a0 << 16;
				s01 = s01_ << 24 ^ s00_ >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
				s10 = a1 << 5 ^ a0 >>> 27;
				s11 = a0 << 5 ^ a1 >>> 27;
			}
		}
		this.s01 = ns01;
		this.s00 = ns00;
		this.s11 = ns11;
		this.s10 = ns10;
	}
	getState() {
		return [
			this.s01,
			this.s00,
			this.s11,
			this.s10
		];
	}
};
function xoroshiro128plusFromState(state) {
	if (!(state.length === 4)) throw new Error("The state must have been produced by a xoroshiro128plus RandomGenerator");
	return new XoroShiro128Plus(state[0], state[1], state[2], state[3]);
}
// node_modules/pure-rand/lib/esm/distribution/uniformInt.js
/**
* Uniformly generate number in range [0 ; rangeSize[
* With rangeSize <= 0x100000000
* @internal
*/
function uniformIntInternal(rng, rangeSize) {
	const MaxAllowed = rangeSize > 2 ? ~~(4294967296 / rangeSize) * rangeSize : 4294967296;
	let deltaV = rng.next() + 2147483648;
	while (deltaV >= MaxAllowed) deltaV = rng.next() + 2147483648;
	return deltaV % rangeSize;
}
/**
* We only accept safe integers here
* @internal
*/
function fromNumberToArrayInt64(out, n) {
	if (n < 0) {
		const posN = -n;
		out.sign = -1;
		out.data[0] = ~~(posN / 4294967296);
		out.data[1] = posN >>> 0;
	} else {
		out.sign = 1;
		out.data[0] = ~~(n / 4294967296);
		out.data[1] = n >>> 0;
	}
	return out;
}
/**
* Substract two ArrayInt of 64 bits on 64 bits.
* With arrayIntA - arrayIntB >= 0
* @internal
*/
function substractArrayInt64(out, arrayIntA, arrayIntB) {
	const lowA = arrayIntA.data[1];
	const highA = arrayIntA.data[0];
	const signA = arrayIntA.sign;
	const lowB = arrayIntB.data[1];
	const highB = arrayIntB.data[0];
	const signB = arrayIntB.sign;
	out.sign = 1;
	if (signA === 1 && signB === -1) {
		const low = lowA + lowB;
		const high = highA + highB + (low > 4294967295 ? 1 : 0);
		out.data[0] = high >>> 0;
		out.data[1] = low >>> 0;
		return out;
	}
	let lowFirst = lowA;
	let highFirst = highA;
	let lowSecond = lowB;
	let highSecond = highB;
	if (signA === -1) {
		lowFirst = lowB;
		highFirst = highB;
		lowSecond = lowA;
		highSecond = highA;
	}
	let reminderLow = 0;
	let low = lowFirst - lowSecond;
	if (low < 0) {
		reminderLow = 1;
		low = low >>> 0;
	}
	out.data[0] = highFirst - highSecond - reminderLow;
	out.data[1] = low;
	return out;
}
/**
* Uniformly generate ArrayInt64 in range [0 ; rangeSize[
*
* @remarks
* In the worst case scenario it may discard half of the randomly generated value.
* Worst case being: most significant number is 1 and remaining part evaluates to 0.
*
* @internal
*/
function uniformArrayIntInternal(rng, out, rangeSize) {
	const maxIndex0 = rangeSize[0] + 1;
	out[0] = uniformIntInternal(rng, maxIndex0);
	out[1] = uniformIntInternal(rng, 4294967296);
	while (out[0] >= rangeSize[0] && (out[0] !== rangeSize[0] || out[1] >= rangeSize[1])) {
		out[0] = uniformIntInternal(rng, maxIndex0);
		out[1] = uniformIntInternal(rng, 4294967296);
	}
	return out;
}
const safeNumberMaxSafeInteger = Number.MAX_SAFE_INTEGER;
const sharedA = {
	sign: 1,
	data: [0, 0]
};
const sharedB = {
	sign: 1,
	data: [0, 0]
};
const sharedC = {
	sign: 1,
	data: [0, 0]
};
const sharedData = [0, 0];
function uniformLargeIntInternal(rng, from, to, rangeSize) {
	const rangeSizeArrayIntValue = rangeSize <= safeNumberMaxSafeInteger ? fromNumberToArrayInt64(sharedC, rangeSize) : substractArrayInt64(sharedC, fromNumberToArrayInt64(sharedA, to), fromNumberToArrayInt64(sharedB, from));
	if (rangeSizeArrayIntValue.data[1] === 4294967295) {
		rangeSizeArrayIntValue.data[0] += 1;
		rangeSizeArrayIntValue.data[1] = 0;
	} else rangeSizeArrayIntValue.data[1] += 1;
	uniformArrayIntInternal(rng, sharedData, rangeSizeArrayIntValue.data);
	return sharedData[0] * 4294967296 + sharedData[1] + from;
}
/**
* Uniformly generate random integer values between `from` (included) and `to` (included)
*
* @param rng - Instance of RandomGenerator to extract random values from
* @param from - Lower bound of the range (included)
* @param to - Upper bound of the range (included)
*
* @public
*/
function uniformInt(rng, from, to) {
	const rangeSize = to - from;
	if (rangeSize <= 4294967295) return uniformIntInternal(rng, rangeSize + 1) + from;
	return uniformLargeIntInternal(rng, from, to, rangeSize);
}
// src/env/rng.ts
/**
* Seeded randomness for every env, on pure-rand's xoroshiro128+.
*
* One generator per env: `reset({ seed })` re-seeds it, a `reset()` without a seed
* continues its stream, and Four Ten draws every later round's shuffle from it. Its
* state is part of `getState()`, so a saved game resumes the same stream.
*
* Deals are a Fisher–Yates shuffle (i from n-1 down to 1, j = uniformInt(0, i)), a
* contract pinned by golden tests: the same seed gives the same deal in every version.
* Only `createRng`, `rngFromState`, `randomInt` and `shuffleInPlace` touch pure-rand.
*/
/** Largest accepted seed: any non-negative safe integer. */
const MAX_SEED = Number.MAX_SAFE_INTEGER;
/**
* MurmurHash3's 32-bit finaliser: a bijection that scatters every input bit (seeds here, hash keys in the decade
* solver).
*/
function mix32(x) {
	x ^= x >>> 16;
	x = Math.imul(x, 2246822507);
	x ^= x >>> 13;
	x = Math.imul(x, 3266489909);
	return x ^ x >>> 16 | 0;
}
/**
* A generator for a seed: any safe integer (reset's seeds are 0..2^53-1; derived ones such
* as `seed ^ k` may be negative). The seed is scattered over the whole 128-bit
* xoroshiro128+ state (pure-rand's own `xoroshiro128plus(seed)` puts the seed in the
* first output as is, so seeds s, s+1, … would deal related first cards). The first two
* words are a bijection of the seed's low and high halves, so distinct seeds never
* share a state.
*/
function createRng(seed) {
	if (!Number.isSafeInteger(seed)) throw new TengymError("bad-seed", `bad seed ${showValue(seed)}: expected an integer from -${MAX_SEED} to ${MAX_SEED}`);
	const lo = seed >>> 0;
	const hi = Math.floor(seed / 4294967296) >>> 0;
	const a = mix32(lo);
	const b = mix32(hi ^ 2654435769);
	const c = mix32(a ^ Math.imul(b, 625341585) ^ 1663821227);
	return xoroshiro128plusFromState([
		a,
		b,
		c,
		mix32(c + 2135587861)
	]);
}
const INT32 = int$1().check(/* @__PURE__ */ _gte(-2147483648), /* @__PURE__ */ _lte(2147483647));
/**
* A generator's state as `getState()` gives it and `rngFromState` takes it (a saved env, a
* training checkpoint): four int32 words, not all zero, since xoroshiro128+ never leaves that
* state. `allZero` says what that would do where the state is used.
*/
function rngStateSchema(allZero = "the generator state is all zeros, which never changes") {
	return (/* @__PURE__ */ tuple([
		INT32,
		INT32,
		INT32,
		INT32
	], { error: (issue) => issue.code === "invalid_type" || issue.code === "too_small" || issue.code === "too_big" ? "expected the generator state: an array of 4 int32 words" : void 0 })).check(/* @__PURE__ */ refine$1((words) => words.some((w) => w !== 0), allZero));
}
function rngFromState(state) {
	return xoroshiro128plusFromState(state);
}
/** Uniform integer in [from, to], advancing `rng` in place. */
function randomInt(rng, from, to) {
	if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from) throw new TengymError("bad-argument", `randomInt takes integer bounds from ≤ to, got from ${showValue(from)}, to ${showValue(to)}`);
	return uniformInt(rng, from, to);
}
/**
* Shuffles `items[0..length-1]` in place (Fisher–Yates): an array of anything (the card codes of a
* state's `game.stock`) or a typed array. Allocation-free.
*
* j is drawn exactly as pure-rand's `uniformInt(rng, 0, i)` draws it (rejection
* sampling on one 32-bit output), inlined because V8 is slow at its modulo on numbers
* above 2^31: a 32-card Four Ten reshuffle takes a third of the time. A test checks
* that both give the same deals.
*/
function shuffleInPlace(rng, items, length) {
	if (!Array.isArray(items) && !(ArrayBuffer.isView(items) && !(items instanceof DataView))) throw new TengymError("bad-argument", `shuffleInPlace takes an array or a typed array, got ${describeKind(items)}`);
	const n = length ?? items.length;
	if (!Number.isInteger(n) || n < 0 || n > items.length) throw new TengymError("bad-argument", `shuffleInPlace: length must be an integer from 0 to the ${items.length} items, got ${showValue(length)}`);
	const a = items;
	for (let i = n - 1; i > 0; i--) {
		const size = i + 1;
		const limit = size > 2 ? ~~(4294967296 / size) * size : 4294967296;
		let u = rng.next() + 2147483648;
		while (u >= limit) u = rng.next() + 2147483648;
		const j = u - Math.floor(u / size) * size;
		const t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}
/**
* A seed derived from two numbers (splitmix-style mixing, 53 bits), e.g. the agent's
* seed for episode i of an evaluation, so it never depends on which worker ran it.
*/
function deriveSeed(a, b) {
	let h = Math.imul(a ^ 2654435769, 2246822507) ^ Math.imul(b + 1663821227, 3266489909);
	h = Math.imul(h ^ h >>> 16, 2146121005);
	h = Math.imul(h ^ h >>> 15, 2221713035);
	h ^= h >>> 16;
	return ((Math.imul(h ^ Math.floor(a / 4294967296), 668265261) >>> 11) * 4294967296 + (h >>> 0)) % Number.MAX_SAFE_INTEGER;
}
// src/env/env-support.ts
/**
* What `Env` (env.ts) is made of besides the class: the shapes of its results and saved state, and the checks of
* seeds, options, sizes and bounds it runs before it deals. Apart so that env.ts holds the RL contract alone.
*/
const envStateSchema = /* @__PURE__ */ strictObject$1({
	env: /* @__PURE__ */ string$1(),
	options: /* @__PURE__ */ custom$1((v) => isPlainObject(v), "expected a plain object of options"),
	rng: rngStateSchema("the generator state is all zeros, which never changes (every reset would deal the same cards)"),
	undosUsed: /* @__PURE__ */ _default$1(int$1().check(/* @__PURE__ */ _gte(0)), 0),
	game: /* @__PURE__ */ custom$1((v) => v !== void 0, "missing: the game itself (getState().game: its cards and counters)")
});
/** Checks a seed: a non-negative safe integer. */
function validateSeed(seed, what = "seed") {
	if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new TengymError("bad-seed", `bad ${what} ${showValue(seed)}: expected an integer from 0 to ${MAX_SEED}`);
	return seed;
}
/**
* Deal i of `deals` uses seed + i: a first seed whose last deal would pass the largest seed is
* refused before any work, naming the seed given (`name`: "--seed" on the command line), the
* count (`given`: "episodes 5") and the largest seed that works for it (not seed + i, a seed
* the caller never gave).
*/
function checkSeedFits(seed, deals, given, name = "seed") {
	if (seed === void 0) return;
	const largest = MAX_SEED - (deals - 1);
	if (seed > largest) throw new TengymError("bad-seed", `${name} ${seed} is too large for ${given}: deal i uses seed + i and seeds go up to ${MAX_SEED}, so the largest ${name} for ${deals} deals is ${largest}`);
}
/** Options objects validated for an engine (frozen, so they stay valid): taken as they are, never parsed twice. */
const VALIDATED = /* @__PURE__ */ new WeakMap();
/** Whether `options` were validated for `game` (by `validatedOptions`). */
function isValidatedFor(game, options) {
	return options !== null && typeof options === "object" && VALIDATED.get(options) === game;
}
/**
* `options` as `game`'s schema parses them (defaults filled in), frozen and remembered; options
* validated before are returned as they are. Errors name the field and what it allows.
*/
function validatedOptions(id, game, options) {
	if (isValidatedFor(game, options)) return options;
	const parsed = game.optionsSchema.safeParse(options);
	if (!parsed.success) throw new TengymError("bad-options", `bad options for ${id}: ${formatZodError(parsed.error)}`);
	const validated = Object.freeze(fieldsOf(parsed.data));
	VALIDATED.set(validated, game);
	return validated;
}
/**
* The action count and observation length `game` gives for `options`, checked: a whole number of
* action ids (at least one) and of observation floats. An engine of one's own that returns
* anything else is named here, rather than met as buffers of the wrong size.
*/
function engineSizes(id, game, options) {
	const n = game.numActions(options);
	if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1) throw new TengymError("bad-argument", `${id}: the engine's numActions(options) gave ${showValue(n)}, expected the number of action ids, a whole number from 1`);
	const size = game.observationSize(options);
	if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) throw new TengymError("bad-argument", `${id}: the engine's observationSize(options) gave ${showValue(size)}, expected the observation's length, a whole number from 0`);
	return {
		n,
		size
	};
}
/**
* Bounds by options object (validated options are frozen and shared by an env's clones and copies): computed once per
* options.
*/
const BOUNDS = /* @__PURE__ */ new WeakMap();
/**
* The observation bounds `game` gives for `options` (`Game.observationBounds`), checked: two arrays
* of observationSize numbers, none NaN, low <= high; (-Infinity, Infinity) for a game without them.
* Computed once per options object and shared: do not write to the arrays (`Env.observationBounds`
* hands out copies).
*/
function engineBounds(id, game, options) {
	const cached = BOUNDS.get(options);
	if (cached !== void 0 && cached.game === game) return cached.bounds;
	const { size } = engineSizes(id, game, options);
	let bounds;
	if (typeof game.observationBounds !== "function") bounds = {
		low: new Float32Array(size).fill(-Infinity),
		high: new Float32Array(size).fill(Infinity)
	};
	else {
		const given = game.observationBounds(options);
		const { low, high } = given ?? {};
		const isArray = (a) => a instanceof Float32Array || a instanceof Float64Array || Array.isArray(a) && a.every((x) => typeof x === "number");
		if (!isArray(low) || !isArray(high) || low.length !== size || high.length !== size) throw new TengymError("bad-argument", `${id}: the engine's observationBounds(options) gave ${describeKind(given)}, expected { low, high }, two Float32Arrays of the ${size} floats observationSize gives`);
		bounds = {
			low: Float32Array.from(low),
			high: Float32Array.from(high)
		};
		for (let i = 0; i < size; i++) if (!(bounds.low[i] <= bounds.high[i])) throw new TengymError("bad-argument", `${id}: the engine's observationBounds(options) gives feature ${i} the bounds [${bounds.low[i]}, ${bounds.high[i]}]: expected low <= high, neither NaN`);
	}
	if (Object.isFrozen(options)) BOUNDS.set(options, {
		game,
		bounds
	});
	return bounds;
}
// src/env/defaults.ts
/** The words of an action: the game's, or "action 7". */
function describeActionOf(game, s, o, action) {
	return game.describeAction ? game.describeAction(s, o, action) : `action ${action}`;
}
/** Why an action is not legal now: the game's words, or that it is not among the legal moves. */
function whyIllegalOf(game, s, o, action) {
	return game.whyIllegal ? game.whyIllegal(s, o, action) : "it is not among the legal moves now";
}
/** The cards a legal action takes: the game's, or none. */
function actionCardsOf(game, s, o, action) {
	return game.actionCards ? game.actionCards(s, o, action) : [];
}
/**
* The board as a front end draws it: the game's, or its legal moves as rows (each labelled with its
* words and playing its action when tapped), which the page draws and plays as it does any rows.
*/
function boardOf(game, s, o, legal) {
	if (game.board) return game.board(s, o);
	return {
		style: "moves",
		parts: [{
			kind: "rows",
			rows: legal.map((action) => ({
				name: `action-${action}`,
				label: describeActionOf(game, s, o, action),
				action,
				room: 0,
				cards: actionCardsOf(game, s, o, action),
				note: "",
				made: false
			}))
		}]
	};
}
/** A board part as lines of text for a terminal. */
function partText(part) {
	const codes = (cards) => cards.map((c) => c.code).join(" ");
	switch (part.kind) {
		case "grid": return [part.cells.map((c) => "empty" in c ? "--" : c.code).join(" ")];
		case "line": return [`line: ${codes(part.cards)}${part.loop ? " (a loop)" : ""}`];
		case "columns": return part.columns.map((c) => `${c.label}: ${codes(c.cards)}`);
		case "rows": return part.rows.map((r) => `${r.label}${r.cards.length ? `: ${codes(r.cards)}` : ""}${r.note ? ` ${r.note}` : ""}`);
		case "overlap": {
			const lines = part.rows.map((row) => row.map((c) => "empty" in c ? " -- " : c.blocked ? `(${c.code})` : ` ${c.code} `).join(""));
			const width = Math.max(0, ...lines.map((l) => l.length));
			return lines.map((l) => " ".repeat(Math.floor((width - l.length) / 2)) + l);
		}
		case "piles": return [part.piles.map((p) => p.kind === "card" ? `${p.label}: ${p.card?.code ?? "-"}` : `${p.label}: ${p.count}`).join(" · ")];
		case "facts": return [part.facts.map((f) => `${f.term}: ${f.value}`).join(" · ")];
		default: return [];
	}
}
/** A board as plain text, a part a line (or a line a row): what `render` gives for a game without its own. */
function boardText(view) {
	return view.parts.flatMap(partText).join("\n");
}
/** The board as text: the game's own `render`, or its board (`boardOf`) as lines. */
function renderOf(game, s, o, legal) {
	return game.render ? game.render(s, o) : boardText(boardOf(game, s, o, legal));
}
/**
* How the game ended, for a player: the game's words, or the win or the loss with its result's fields
* ("Won: 0 cards left.", "No more moves: rounds 7, points 38.").
*/
function endTextOf(game, s, o, outcome, ending) {
	if (game.endText) return game.endText(s, o, ending);
	const fields = game.result.fields.map((f) => `${f.label} ${String(outcome[f.key])}`).join(", ");
	const how = outcome.won ? "Won" : ending.truncated ? `Out of moves after ${ending.steps}` : "No more moves";
	return fields === "" ? `${how}.` : `${how}: ${fields}.`;
}
/**
* A state's field as JSON: numbers, booleans and strings as they are, typed arrays as arrays,
* plain objects field by field.
*/
function fieldJSON(value, path) {
	if (typeof value === "number" || typeof value === "boolean" || typeof value === "string" || value === null) return value;
	if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value);
	if (Array.isArray(value)) return value.map((v, i) => fieldJSON(v, `${path}[${i}]`));
	if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fieldJSON(v, `${path}.${k}`)]));
	throw new TengymError("bad-argument", `this game has no toJSON, and its state's ${path} is ${showValue(value)}: the state's own JSON takes numbers, booleans, strings, typed arrays, and plain objects and arrays of them (give the game toJSON and fromJSON)`);
}
/** The state as JSON: the game's `toJSON`, or the state's own fields (`fieldJSON`). */
function stateJSON(game, s, o) {
	return game.toJSON ? game.toJSON(s, o) : fieldJSON(s, "state");
}
/**
* Writes `json` into `target` (a fresh state of the same options): every field of the same kind and
* size as the fresh state's, or a TengymError('bad-state') naming the first that is not.
*/
function loadField(json, target, path) {
	const refuse = (what) => new TengymError("bad-state", `bad state: ${path} ${what}, got ${showValue(json)}`);
	if (typeof target === "number") {
		if (typeof json !== "number" || !Number.isFinite(json)) throw refuse("must be a finite number");
		return json;
	}
	if (typeof target === "boolean" || typeof target === "string") {
		if (typeof json !== typeof target) throw refuse(`must be a ${typeof target}`);
		return json;
	}
	if (target === null) {
		if (json !== null) throw refuse("must be null");
		return json;
	}
	if (ArrayBuffer.isView(target) && !(target instanceof DataView)) {
		const array = target;
		if (!Array.isArray(json) || json.length !== array.length || !json.every((v) => typeof v === "number")) throw refuse(`must be a list of ${array.length} numbers`);
		const copy = new target.constructor(array.length);
		copy.set(json);
		for (let i = 0; i < json.length; i++) if (copy[i] !== json[i]) throw refuse(`holds ${json[i]} at ${i}, which it cannot`);
		array.set(copy);
		return target;
	}
	if (Array.isArray(target)) {
		if (!Array.isArray(json) || json.length !== target.length) throw refuse(`must be a list of ${target.length}`);
		for (let i = 0; i < target.length; i++) target[i] = loadField(json[i], target[i], `${path}[${i}]`);
		return target;
	}
	if (isPlainObject(target) && Object.getPrototypeOf(target) === Object.prototype) {
		const t = target;
		if (!isPlainObject(json)) throw refuse("must be an object");
		const given = json;
		const extra = Object.keys(given).find((k) => !Object.hasOwn(t, k));
		if (extra !== void 0) throw new TengymError("bad-state", `bad state: ${path} has no field "${extra}"`);
		for (const key of Object.keys(t)) {
			if (!Object.hasOwn(given, key)) throw new TengymError("bad-state", `bad state: ${path}.${key} is missing`);
			t[key] = loadField(given[key], t[key], `${path}.${key}`);
		}
		return target;
	}
	throw refuse("is of a kind the state JSON does not hold");
}
/** Loads `json` into the fresh state `s`: the game's `fromJSON`, or the state's own fields (`loadField`). */
function loadStateJSON(game, json, o, s) {
	if (game.fromJSON) game.fromJSON(json, o, s);
	else loadField(json, s, "state");
}
// src/env/moves.ts
const KINDS_BY_COUNT = [
	"draw",
	"single",
	"pair",
	"triple",
	"quartet"
];
/** The kind of a legal action: the game's, or its cards counted. */
function moveKindOf(game, s, o, action, cards) {
	return game.moveKind ? game.moveKind(s, o, action) : KINDS_BY_COUNT[cards.length] ?? "group";
}
// src/env/env-checks.ts
/**
* The checks `Env` (env.ts) runs on what it is given: its constructor's arguments and buffers, `reset`'s options,
* an action id, and a state to load. Apart so that env.ts holds the RL contract; each says what was wrong and what
* to give instead.
*/
/** `new Env`'s arguments: make checks what it passes; a call by hand gets this, not a TypeError deep in the engine. */
function checkEnvArguments(id, game, options) {
	let wrong = null;
	if (typeof id !== "string") wrong = `the id ${showValue(id)}`;
	else if (game === null || typeof game !== "object" || typeof game.numActions !== "function") wrong = `${describeKind(game)} as the engine`;
	else if (options === null || typeof options !== "object") wrong = `${describeKind(options)} as the options`;
	if (wrong !== null) throw new TengymError("bad-argument", `new Env takes an id, an engine and its options, got ${wrong}; use make(id, options), or make({ id, game, options }) for an engine of your own`);
}
/** Buffers given to `new Env` must have the engine's sizes. */
function checkBuffers(id, observation, mask, size, n) {
	if (observation.length !== size || mask.length !== n) throw new TengymError("bad-argument", `${id}: buffers of ${observation.length} observation floats and ${mask.length} mask entries, the engine needs ${size} and ${n}`);
}
/** `reset`'s options checked by hand, not with zod (reset is on the hot path of short games): the keys and the deck. */
function checkResetArguments(opts, id, game) {
	if (!isPlainObject(opts)) throw new TengymError("bad-argument", `reset takes { seed?, deck? }, got ${describeKind(opts)}`);
	for (const key in opts) if (key !== "seed" && key !== "deck") throw new TengymError("bad-argument", `reset: unknown option "${key}" (reset takes { seed?, deck? })`);
	if (opts.deck !== void 0 && !game.parseDeck) throw new TengymError("bad-deck", `reset: ${id} takes no explicit deck (its engine has no parseDeck)`);
}
/** Why `action` is no action id of an env of `n` actions: the error to throw. */
function actionIdError(action, call, id, n) {
	if (typeof action !== "number") {
		const text = typeof action === "string" && /^\s*\d+\s*$/.test(action) ? " (text from a page or a file: Number(text) makes it one)" : "";
		const hintId = isPlainObject(action) && typeof action.action === "number" ? ` (a hint's id is its .action: ${call}(hint.action))` : "";
		const kind = action == null ? String(action) : isPlainObject(action) ? "an object" : typeof action === "object" ? describeKind(action) : `a ${typeof action}`;
		return new TengymError("bad-action", `${call}(${showValue(action)}): an action id is a number, not ${kind}${text}${hintId}; ${id} has ids 0..${n - 1}`);
	}
	return new TengymError("bad-action", `${call}(${showValue(action)}): not an action id; ${id} has ids 0..${n - 1}`);
}
/**
* A `getState()` JSON checked for an env of `id`, `game` and `options`, and its engine state made fresh: a malformed or
* foreign state is an error, and the env is left as it was.
*/
function loadedState(json, id, game, options, undoBudget) {
	if (!isPlainObject(json)) throw new TengymError("bad-state", `bad state: expected a plain object { env, options, rng, undosUsed, game }, got ${describeNotState(json)}`);
	const parsed = envStateSchema.safeParse(json);
	if (!parsed.success) throw new TengymError("bad-state", `bad state: ${formatZodError(parsed.error)}`);
	const st = parsed.data;
	if (st.env !== id) throw new TengymError("bad-state", `bad state: it is a ${showName(st.env)} state, this env is "${id}"`);
	const opts = game.optionsSchema.safeParse(st.options);
	if (!opts.success) throw new TengymError("bad-state", `bad state options: ${formatZodError(opts.error)}`);
	if (JSON.stringify(opts.data) !== JSON.stringify(options)) {
		const mine = fieldsOf(options);
		const theirs = fieldsOf(opts.data);
		const keys = [.../* @__PURE__ */ new Set([...Object.keys(theirs), ...Object.keys(mine)])].filter((k) => JSON.stringify(theirs[k]) !== JSON.stringify(mine[k]));
		const pick = (o) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, o[k] ?? null])));
		throw new TengymError("bad-state", `bad state: made with options ${pick(theirs)}, this env has ${pick(mine)} (the options that differ)`);
	}
	if (st.undosUsed > undoBudget) throw new TengymError("bad-state", `bad state: undosUsed is ${st.undosUsed}, but ${id} allows ` + (undoBudget === 0 ? "no undo" : `${undoBudget} undos per game`));
	const fresh = game.createState(options);
	loadStateJSON(game, st.game, options, fresh);
	const problem = game.checkState?.(fresh, options) ?? null;
	if (problem) throw new TengymError("bad-state", `bad state: ${problem}`);
	return {
		st,
		fresh
	};
}
// src/env/env.ts
/**
* `Env`: the one Gymnasium-style class around every engine (see game.ts).
*
* Hot path: `step` returns the same result object every time and writes into the
* same `observation` and `mask` buffers, so a training loop allocates nothing. Copy
* what you keep (`observation.slice()`), or use `actionMask()` / `legalActions()`,
* which return fresh copies. Legality is checked against the env's own copy of what the engine
* wrote, so a caller's write into `mask` or `legal` cannot make an illegal move legal.
*
* Seeding: a new env's generator starts from seed 0, so even an unseeded run is
* reproducible; `reset({ seed })` re-seeds it and `reset()` continues its stream.
*
* A player's layer is not here: moves by card, a tap selection, forced moves, undo and step events are the
* session's (src/session/session.ts); a game's history with its undo, for hints, is `GameStates` (src/hints/).
* The state JSON still carries `undosUsed`, which a loaded state may not take past the game's `undoLimit`.
*/
/**
* `O`: the options' type. `R`: the outcome's, which `make(id)` narrows for a registered id
* (`make('decade').outcome().cardsLeft`, `make('four-ten').outcome().points`).
*/
var Env = class Env {
	id;
	game;
	options;
	actionSpace;
	observationSpace;
	/** Reused observation buffer, rewritten by every reset and step. */
	observation;
	/** Reused action mask, rewritten by every reset and step. */
	mask;
	/** Legal action ids of the current state in `legal[0..legalCount-1]`, increasing. */
	legal;
	legalN = 0;
	/**
	* The mask as the engine wrote it, which `step` and the other checks read: `mask` and `legal`
	* are the caller's to read without a copy, and a write into them (an agent's bug) must not
	* make an illegal move legal.
	*/
	ownMask;
	/** The ids `ownMask` holds, `legalN` of them: a refresh clears just those (a copy of the whole mask costs more). */
	ownIds;
	/** Steps and summed reward since `reset()` or `setState()`: not in a state's JSON (training's resume sets them). */
	episodeSteps = 0;
	episodeReturn = 0;
	state;
	changeCount = 0;
	rng;
	started = false;
	statusCode = 0;
	result;
	/** The game's undo limit (`undoLimit`), which a loaded state's `undosUsed` may not pass. */
	undoBudget;
	/** The undos a game used, as its state JSON carries them (the undo is `GameStates.undo`'s, `Session.undo`'s). */
	undosUsed = 0;
	constructor(id, game, options, buffers = {}) {
		checkEnvArguments(id, game, options);
		this.id = id;
		this.game = game;
		options = validatedOptions(id, game, options);
		this.options = options;
		const { n, size } = engineSizes(id, game, options);
		this.actionSpace = Object.freeze({ n });
		this.observationSpace = Object.freeze({ shape: [size] });
		this.observation = buffers.observation ?? new Float32Array(size);
		this.mask = buffers.mask ?? new Uint8Array(n);
		checkBuffers(id, this.observation, this.mask, size, n);
		this.legal = new Int32Array(n);
		this.ownMask = new Uint8Array(n);
		this.ownIds = new Int32Array(n);
		this.state = game.createState(options);
		this.rng = createRng(0);
		this.undoBudget = game.undoLimit?.(options) ?? 0;
		this.result = {
			observation: this.observation,
			reward: 0,
			terminated: false,
			truncated: false,
			info: {
				actionMask: this.mask,
				outcome: void 0
			}
		};
	}
	get terminated() {
		return this.statusCode === 1;
	}
	get truncated() {
		return this.statusCode === 2;
	}
	/** True after reset and before the episode ends. */
	get running() {
		return this.started && this.statusCode === 0;
	}
	get hasStarted() {
		return this.started;
	}
	/** Deals a new game: seeded when `opts.seed` is given (else the stream goes on), or the deck given. */
	reset(opts = {}) {
		checkResetArguments(opts, this.id, this.game);
		const seed = opts.seed === void 0 ? void 0 : validateSeed(opts.seed);
		const deck = opts.deck === void 0 ? null : this.game.parseDeck(opts.deck, this.options);
		if (seed !== void 0) this.rng = createRng(seed);
		this.game.reset(this.state, this.options, this.rng, deck);
		this.started = true;
		this.episodeSteps = 0;
		this.episodeReturn = 0;
		this.undosUsed = 0;
		this.refresh();
		const info = { actionMask: this.mask };
		if (this.statusCode !== 0) {
			info.terminated = true;
			info.outcome = this.outcome();
		}
		return {
			observation: this.observation,
			info
		};
	}
	/** Plays a legal action; an illegal one is a `TengymError` and leaves the env unchanged. */
	step(action) {
		this.assertLegal(action, "step");
		const reward = this.game.step(this.state, this.options, action, this.rng);
		this.episodeSteps++;
		this.episodeReturn += reward;
		this.refresh();
		const r = this.result;
		r.reward = reward;
		r.terminated = this.statusCode === 1;
		r.truncated = this.statusCode === 2;
		r.info.outcome = this.statusCode === 0 ? void 0 : this.outcome();
		return r;
	}
	/** The kind of a legal move ('pair', 'deal', 'run', 'exchange'…; `Game.moveKind`). */
	moveKind(action) {
		this.assertLegal(action, "moveKind");
		return moveKindOf(this.game, this.state, this.options, action, actionCardsOf(this.game, this.state, this.options, action));
	}
	/**
	* How many times the state has changed (reset, step, setState, copyFrom). A caller that
	* lends the env to other code (an evaluation to an agent's `act`) tells from it whether that
	* code changed the game, even back to the same step count.
	*/
	get changes() {
		return this.changeCount;
	}
	/**
	* The lowest and highest value each observation float takes under this env's options (fresh
	* copies): what the engine declares (`Game.observationBounds`), or (-Infinity, Infinity) for an
	* engine that declares none. Computed once per options, not per step.
	*/
	observationBounds() {
		const { low, high } = engineBounds(this.id, this.game, this.options);
		return {
			low: low.slice(),
			high: high.slice()
		};
	}
	/** A fresh copy of the action mask. */
	actionMask() {
		if (!this.started) throw new TengymError("not-reset", "actionMask: call reset() first");
		return this.ownMask.slice();
	}
	/** The legal action ids of the current state, a fresh array. */
	legalActions() {
		if (!this.started) throw new TengymError("not-reset", "legalActions: call reset() first");
		return this.ownLegal();
	}
	/** Whether `action` is legal now (false for any value that is no action id). */
	isLegal(action) {
		return this.started && Number.isInteger(action) && action >= 0 && action < this.actionSpace.n && this.ownMask[action] === 1;
	}
	/** The legal ids, increasing, as the engine wrote them (a write into `legal` or `mask` changes none). */
	ownLegal() {
		return Array.from(this.ownIds.subarray(0, this.legalN));
	}
	/** An action id in words, for the current state (what `tengym play` and the hints print). */
	describeAction(action) {
		this.assertActionId(action, "describeAction");
		if (!this.started) throw new TengymError("not-reset", "describeAction: call reset() first");
		return describeActionOf(this.game, this.state, this.options, action);
	}
	/** The current state as text, as `tengym play` shows it. */
	render() {
		if (!this.started) throw new TengymError("not-reset", "render: call reset() first");
		return renderOf(this.game, this.state, this.options, this.ownLegal());
	}
	/** The cards a legal action takes, as the state JSON places them (for hints and a front end). */
	actionCards(action) {
		this.assertLegal(action, "actionCards");
		return actionCardsOf(this.game, this.state, this.options, action);
	}
	/** What the player is asked now; '' when the board says enough or the game is over. */
	prompt() {
		if (!this.started) throw new TengymError("not-reset", "prompt: call reset() first");
		return this.running ? this.game.prompt?.(this.state, this.options) ?? "" : "";
	}
	/** The board as a front end draws it (src/env/board.ts). */
	/** What the last step did beyond the move itself, with its reason (`Game.stepNote`), or null. */
	stepNote() {
		if (!this.started) throw new TengymError("not-reset", "stepNote: call reset() first");
		return this.game.stepNote?.(this.state, this.options) ?? null;
	}
	/** The current state as parts to draw (`BoardView`). */
	board() {
		if (!this.started) throw new TengymError("not-reset", "board: call reset() first");
		return boardOf(this.game, this.state, this.options, this.ownLegal());
	}
	/** How the game ended, in a sentence for a player (`Game.endText`); '' while it runs. */
	endText() {
		if (!this.started) throw new TengymError("not-reset", "endText: call reset() first");
		if (this.running) return "";
		return endTextOf(this.game, this.state, this.options, this.outcome(), {
			truncated: this.truncated,
			steps: this.episodeSteps
		});
	}
	/** The game's result so far, by the engine's result fields (cards left, points, rounds …). */
	outcome() {
		if (!this.started) throw new TengymError("not-reset", "outcome: call reset() first");
		return this.game.outcome(this.state, this.options);
	}
	/**
	* The whole state as plain JSON, stock and generator included: `setState` on an env of the same id and
	* options restores it.
	*/
	getState() {
		if (!this.started) throw new TengymError("not-reset", "getState: call reset() first");
		return {
			env: this.id,
			options: fieldsOf(this.options),
			rng: [...this.rng.getState()],
			undosUsed: this.undosUsed,
			game: stateJSON(this.game, this.state, this.options)
		};
	}
	/** `JSON.stringify(env)` writes `getState()` (the engine it holds is code, not data). */
	toJSON() {
		if (!this.started) throw new TengymError("not-reset", "JSON.stringify(env): call reset() first (an env is written as its getState())");
		return this.getState();
	}
	/** Loads a `getState()` JSON; a malformed or foreign state is an error and changes nothing. */
	setState(json) {
		const { st, fresh } = loadedState(json, this.id, this.game, this.options, this.undoBudget);
		this.game.copyState(fresh, this.state);
		this.rng = rngFromState(st.rng);
		this.undosUsed = st.undosUsed;
		this.episodeSteps = 0;
		this.episodeReturn = 0;
		this.started = true;
		this.refresh();
	}
	/**
	* An independent copy: same state and rng stream; of an env never dealt, one never dealt (as a deep
	* copy before `reset` is in Gymnasium).
	*/
	clone() {
		const copy = new Env(this.id, this.game, this.options);
		copy.copyFrom(this);
		return copy;
	}
	/** Makes this env an exact copy of `other` (same id and options), reusing its buffers. */
	copyFrom(other) {
		if (!(other instanceof Env)) throw new TengymError("bad-argument", `copyFrom takes an Env (of the same id and options), got ${describeKind(other)}`);
		if (other.game !== this.game || other.options !== this.options && JSON.stringify(other.options) !== JSON.stringify(this.options)) throw new TengymError("bad-argument", `copyFrom: ${other.id} ${JSON.stringify(other.options)} is a different env from ${this.id} ${JSON.stringify(this.options)}`);
		this.game.copyState(other.state, this.state);
		this.rng = other.rng.clone();
		this.started = other.started;
		this.statusCode = other.statusCode;
		this.legalN = other.legalN;
		this.ownMask.set(other.ownMask);
		this.ownIds.set(other.ownIds);
		this.mask.set(other.ownMask);
		this.legal.set(other.ownIds);
		this.observation.set(other.observation);
		this.episodeSteps = other.episodeSteps;
		this.episodeReturn = other.episodeReturn;
		this.undosUsed = other.undosUsed;
		this.changeCount++;
	}
	/** How many ids of `legal` are the current state's legal actions. */
	get legalCount() {
		return this.legalN;
	}
	/** The engine state, for agents and tools built on the engine functions. Do not mutate. */
	get rawState() {
		return this.state;
	}
	/**
	* The engine's calls after every change to the state, in the contract's order (game.ts): legalActions
	* first, then status, which may read what legalActions stored, then observe. No other method of Env
	* calls status.
	*/
	refresh() {
		this.changeCount++;
		const g = this.game;
		for (let i = 0; i < this.legalN; i++) this.ownMask[this.ownIds[i]] = 0;
		this.legalN = g.legalActions(this.state, this.options, this.mask, this.legal);
		for (let i = 0; i < this.legalN; i++) {
			const a = this.legal[i];
			this.ownIds[i] = a;
			this.ownMask[a] = 1;
		}
		this.statusCode = g.status(this.state, this.options);
		g.observe(this.state, this.options, this.observation);
	}
	assertActionId(action, call) {
		if (typeof action === "number" && Number.isInteger(action) && action >= 0 && action < this.actionSpace.n) return;
		throw actionIdError(action, call, this.id, this.actionSpace.n);
	}
	/** Throws the TengymError that `step(action)` would throw, without stepping; returns when the action is legal. */
	assertLegal(action, call = "step") {
		if (!this.started) throw new TengymError("not-reset", `${call}(${showValue(action)}): call reset() first`);
		if (this.statusCode !== 0) {
			const o = this.outcome();
			throw new TengymError("episode-over", `${call}(${showValue(action)}): the episode is over (${this.statusCode === 1 ? "terminated" : "truncated"}, outcome ${JSON.stringify(o)}); call reset()`);
		}
		this.assertActionId(action, call);
		if (this.ownMask[action] !== 1) throw new TengymError("illegal-action", `${call}(${action}): "${describeActionOf(this.game, this.state, this.options, action)}" is not legal: ${whyIllegalOf(this.game, this.state, this.options, action)}. Legal now: ${this.describeLegal()}`);
	}
	/** "0 (draw), 17 (discard 4♣ 6♦)…": the legal ids for an error message. */
	describeLegal(limit = 12) {
		const parts = [];
		const legal = this.ownLegal();
		for (let i = 0; i < Math.min(this.legalCount, limit); i++) {
			const a = legal[i];
			parts.push(`${a} (${describeActionOf(this.game, this.state, this.options, a)})`);
		}
		if (this.legalCount > limit) parts.push(`… ${this.legalCount - limit} more`);
		return parts.length ? parts.join(", ") : "none";
	}
};
/**
* Edit distance (insertions, deletions, substitutions, and swaps of two neighbours count 1), or any number above
* `bound` once the distance is known to pass it: three rows of the matrix, and a stop as soon as a row's least value
* passes the bound (two strings whose lengths differ by more than it are not compared at all).
*/
function editDistance(a, b, bound = Infinity) {
	if (Math.abs(a.length - b.length) > bound) return bound + 1;
	let before = new Array(b.length + 1).fill(0);
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	let row = new Array(b.length + 1).fill(0);
	for (let i = 1; i <= a.length; i++) {
		row[0] = i;
		let least = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
			row[j] = d;
			if (d < least) least = d;
		}
		if (least > bound) return bound + 1;
		[before, previous, row] = [
			previous,
			row,
			before
		];
	}
	return previous[b.length];
}
/**
* The candidate closest to `word` (case-insensitive), when it is close enough to be a typo: at
* most a third of the word's letters off (at least one), or `word` is a prefix of it. Null otherwise, and for a word
* longer than `MAX_SUGGESTED_LENGTH` (a million characters cost a million-row matrix per candidate).
*/
function closest(word, candidates) {
	if (word.length > 64) return null;
	const w = word.toLowerCase();
	const allowed = Math.max(1, Math.floor(word.length / 3));
	let best = null;
	let bestDistance = Infinity;
	for (const c of candidates) {
		if (c.length > 64) continue;
		const distance = editDistance(w, c.toLowerCase(), Math.min(allowed, bestDistance));
		if (distance < bestDistance) {
			best = c;
			bestDistance = distance;
		}
	}
	if (best !== null && bestDistance <= allowed) return best;
	const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w));
	return w.length >= 3 && prefixed.length === 1 ? prefixed[0] : null;
}
/** The keys of an object schema (zod's `shape`); none for another kind of schema, whose keys are not known. */
function schemaKeys(schema) {
	return Object.keys(schema.shape ?? {});
}
/**
* `unknown NOUN "key" (did you mean …?); LABEL: every key` for the first key of `given` that is not
* one of `keys`, or null (null too when no keys are known).
*/
function unknownKey(given, keys, noun, label) {
	if (keys.length === 0) return null;
	const key = Object.keys(given).find((k) => !keys.includes(k));
	return key === void 0 ? null : `unknown ${noun} ${showName(key)}${didYouMean(key, keys)}; ${label}: ${keys.join(", ")}`;
}
/** ` (did you mean "decade"?)`, or '' when nothing is close. */
function didYouMean(word, candidates, quote = "\"") {
	const c = closest(word, candidates);
	return c === null ? "" : ` (did you mean ${quote}${c}${quote}?)`;
}
// src/env/registry.ts
/**
* The registry (OpenSpiel style): every id is an engine plus preset options.
* `make(id, options)` validates the merged options with the engine's zod schema;
* `envs()` lists ids, their defaults and their option schemas.
*/
/** Every registered id, in the order games registered them (src/games/index.ts's, then the app's). */
const SPECS = [];
const BY_ID = new Map(SPECS.map((s) => [s.id, s]));
/**
* The ids every thread knows: those of the games shipped with tengym, which every thread registers
* by importing src/games/index.ts; a game registered at run time exists only in the thread that
* registered it.
*/
const BUILT_IN = /* @__PURE__ */ new Set();
const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** What is wrong with a game's result declaration, or null: the fields, figures and comparison its reports read. */
function resultProblem(result) {
	if (!isPlainObject(result)) return `must be an object { fields, figures, compare }, got ${showValue(result)}`;
	const r = result;
	const isField = (f) => isPlainObject(f) && typeof f.key === "string" && typeof f.label === "string";
	if (!Array.isArray(r.fields) || !r.fields.every(isField)) return "fields must be a list of { key, label }";
	if (r.counters !== void 0 && !(Array.isArray(r.counters) && r.counters.every((c) => isField(c) && typeof c.count === "function"))) return "counters, where given, must be a list of { key, label, count(before, after) }";
	const keys = new Set([...r.fields, ...r.counters ?? []].map((f) => f.key));
	if (!Array.isArray(r.figures)) return "figures must be a list";
	for (const f of r.figures) {
		const of = isPlainObject(f) ? f.of : void 0;
		const named = of === void 0 ? [] : "mean" in of ? [of.mean] : "median" in of ? [of.median] : of.ratio;
		if (!isPlainObject(f) || typeof f.key !== "string" || named.length === 0 || !named.every((k) => keys.has(k))) return `figure ${showValue(f)} must be { key, label, of: { mean | median: field } or { ratio: [field, field] }, digits } of the fields`;
	}
	const c = r.compare;
	if (!isPlainObject(c) || !keys.has(c.field) || !["all", "won-by-both"].includes(c.over) || !["lower", "higher"].includes(c.better)) return "compare must be { field (one of the fields), over: 'all' | 'won-by-both', better: 'lower' | 'higher' }";
	if (r.curve !== void 0 && !r.figures.some((f) => f.key === r.curve)) return `curve must be one of the figures' keys`;
	return null;
}
/** Why `game` is not a complete game (the first member missing or of the wrong kind, and what it is for), or null. */
function gameProblem(game) {
	if (game === null || typeof game !== "object") return `a game is an object of the members game.ts lists, got ${showValue(game)}`;
	const named = typeof game.name === "string" ? `game '${game.name}'` : "the game";
	for (const { name, kind, what } of GAME_MEMBERS) {
		const value = Reflect.get(game, name);
		if (value === void 0) return `${named} has no ${name}: ${what}`;
		if (typeof value !== kind || value === null) return `${named}: ${name} must be ${kind === "object" ? "an" : "a"} ${kind} (${what}), got ${showValue(value)}`;
	}
	const g = game;
	if (typeof g.optionsSchema.safeParse !== "function") return `${named}: optionsSchema must be a zod schema (z.strictObject({ … }), zod 4), got an object without safeParse`;
	const result = resultProblem(g.result);
	if (result !== null) return `${named}: result ${result} (a ResultSpec; CARDS_LEFT_RESULT for cards left)`;
	for (const name of OPTIONAL_GAME_MEMBERS) {
		const value = g[name];
		const ok = value === void 0 || typeof value === "function" || name === "sameOutcome" && typeof value === "boolean";
		const kind = name === "sameOutcome" ? "a boolean or a function of the options (whether every order of moves reaches the same end)" : "a function";
		if (!ok) return `${named}: ${name}, where a game has it, must be ${kind}, got ${showValue(value)}`;
	}
	if (g.rules !== void 0 && (typeof g.rules !== "string" || g.rules.trim() === "")) return `${named}: rules, where a game has them, must be its rules as Markdown text, got ${showValue(g.rules)}`;
	return null;
}
/**
* Adds a game to the registry under one or more ids, for `make`, `envs`, the checker, the
* agent catalogue (`random`, `first`), hints, `tengym replay` and the play page's board. Checks
* that the game has every member game.ts requires and that each preset's options parse;
* refuses with a TengymError naming what is missing or wrong. Returns the configs of its ids.
*/
function registerGame(game, presets, options = {}) {
	const problem = gameProblem(game);
	if (problem) throw new TengymError("bad-argument", `registerGame: ${problem}`);
	if (!Array.isArray(presets) || presets.length === 0) throw new TengymError("bad-argument", `registerGame: game '${game.name}' needs at least one id, as [{ id, description, preset? }]`);
	const specs = [];
	for (const p of presets) {
		if (typeof p?.id !== "string" || !ID_PATTERN.test(p.id)) throw new TengymError("bad-argument", `registerGame: an id is lowercase words joined by '-' ("my-game"), got ${showValue(p?.id)}`);
		if (BY_ID.has(p.id) || specs.some((s) => s.id === p.id)) throw new TengymError("bad-argument", `registerGame: "${p.id}" is already registered; registered ids: ${envIds().join(", ")}`);
		if (typeof p.description !== "string" || p.description === "") throw new TengymError("bad-argument", `registerGame: "${p.id}" has no description: a line about the game for \`tengym envs\``);
		const preset = p.preset ?? {};
		const parsed = game.optionsSchema.safeParse(preset);
		if (!parsed.success) throw new TengymError("bad-options", `registerGame: ${p.preset === void 0 || Object.keys(preset).length === 0 ? `the options schema of ${p.id} (no preset given) does not parse {}: every option needs a default (.default(…)), or the preset a value for it` : `bad preset for ${p.id}`}: ${formatZodError(parsed.error)}`);
		try {
			engineBounds(p.id, game, parsed.data);
		} catch (e) {
			if (e instanceof TengymError) throw new TengymError(e.code, `registerGame: ${e.message}`);
			throw e;
		}
		if (p.title !== void 0 && (typeof p.title !== "string" || p.title.trim() === "")) throw new TengymError("bad-argument", `registerGame: "${p.id}"'s title is its name for a player, a string, got ${showValue(p.title)}`);
		specs.push({
			id: p.id,
			title: p.title ?? p.id,
			game,
			preset,
			description: p.description
		});
	}
	for (const spec of specs) {
		SPECS.push(spec);
		BY_ID.set(spec.id, spec);
		if (options.shipped === true) BUILT_IN.add(spec.id);
	}
	return specs.map((s) => envConfig(s.id));
}
/** Every registered env id, in the order `envs()` lists them. */
function envIds() {
	return SPECS.map((s) => s.id);
}
/** The registration of an env id; a `TengymError` ('unknown-env') naming the ids there are, for another. */
function envSpec(id) {
	const spec = BY_ID.get(id);
	if (!spec) throw new TengymError("unknown-env", `unknown env ${showName(String(id))}${didYouMean(String(id), envIds())}; registered ids: ${envIds().join(", ")}`);
	return spec;
}
/** Validated options of `id` with `options` over its preset; errors name the field and what it allows. */
function resolveOptions(id, options = {}) {
	return envConfig(id, options).options;
}
function envConfig(id, options = {}) {
	if (typeof id !== "string") throw new TengymError("unknown-env", `an env id is a string, one of ${envIds().join(", ")}; got ${showValue(id)}`);
	const spec = envSpec(id);
	if (!isPlainObject(options)) throw new TengymError("bad-options", `bad options for ${id}: expected a plain object such as {}, got ${describeKind(options)}`);
	const unknown = unknownOptionKey(spec, options);
	if (unknown !== null) throw new TengymError("bad-options", unknown);
	return configOf$1(spec.id, spec.game, validatedOptions(id, spec.game, {
		...spec.preset,
		...options
	}));
}
/**
* A config: its JSON is its id and options. Its engine is code, and the engine's own
* `toJSON(state, options)` would otherwise be taken for `JSON.stringify`'s hook (and fail).
*/
function configOf$1(id, game, options) {
	return Object.defineProperty({
		id,
		game,
		options
	}, "toJSON", { value: configJSON });
}
function configJSON() {
	return {
		id: this.id,
		options: this.options
	};
}
/**
* Options that change only what an env pays (each game's `reward`, the training reward), not the
* game: a model plays the same moves whatever they are.
*/
const PAY_ONLY_OPTIONS = ["reward"];
/**
* The options, the training reward aside, whose values differ between two option sets of one game (none: they play the
* same game).
*/
function optionsThatDiffer(a, b) {
	const game = (options) => Object.fromEntries(Object.entries(options).filter(([key]) => !PAY_ONLY_OPTIONS.includes(key)));
	const [x, y] = [game(a), game(b)];
	return [.../* @__PURE__ */ new Set([...Object.keys(x), ...Object.keys(y)])].filter((key) => JSON.stringify(x[key]) !== JSON.stringify(y[key]));
}
/**
* The registered id whose preset is the game `env` plays (the same engine and options, the
* reward aside): its own id when its preset is, else the first such id (`decade` with
* `{ fives: true }` is `decade-fives`), else its own. What is measured and shipped per id (the
* shipped model, the hint source) is looked up under it.
*/
function registeredIdOf(env) {
	return [env.id, ...envIds().filter((id) => id !== env.id)].find((id) => BY_ID.get(id)?.game === env.game && optionsThatDiffer(envConfig(id).options, env.options).length === 0) ?? env.id;
}
/**
* `value` as a config `make` and `VectorEnv` can trust: a config from `envConfig` (or an `Env`
* made from one) as it is; any other object with an env id has its options validated again
* (an engine of one's own, as `{ id, game, options }`, against that engine's schema). `caller`
* names the entry point in errors.
*/
function checkedEnvConfig(value, caller) {
	const usage = `${caller} takes an env id (${envIds().join(", ")}) or a config made by envConfig(id, options)`;
	if (value === null || typeof value !== "object") throw new TengymError("bad-argument", `${usage}, got ${showValue(value)}`);
	const { id, game, options } = value;
	if (typeof id !== "string") throw new TengymError("bad-argument", `${usage}, got ${describeKind(value)} whose id is ${showValue(id)}`);
	const spec = BY_ID.get(id);
	if (game === void 0 || game === spec?.game) {
		if (spec && game !== void 0 && isValidatedFor(game, options)) return configOf$1(id, game, options);
		return envConfig(id, options ?? {});
	}
	if (SPECS.some((s) => s.game === game)) throw new TengymError("bad-argument", `${caller}: the config's engine is ${game.name}'s, env "${id}" is ` + (spec ? `${spec.game.name}'s` : "not registered"));
	if (game === null || typeof game !== "object" || typeof game.optionsSchema?.safeParse !== "function" || typeof game.createState !== "function") throw new TengymError("bad-argument", `${caller}: the config's game is not an engine (a Game with optionsSchema, createState, step, …), got ${describeKind(game)}`);
	if (!isPlainObject(options)) throw new TengymError("bad-options", `bad options for ${id}: expected a plain object, got ${describeKind(options)}`);
	return configOf$1(id, game, validatedOptions(id, game, options));
}
/**
* The error for the first option `options` names that the id does not have (with the closest name and the valid ones),
* or null.
*/
function unknownOptionKey(spec, options) {
	const unknown = unknownKey(options, schemaKeys(spec.game.optionsSchema), "option", "its options");
	return unknown === null ? null : `bad options for ${spec.id}: ${unknown}`;
}
function make(id, options) {
	if (id !== null && typeof id === "object" && options !== void 0) throw new TengymError("bad-argument", `make(config) takes no options: a config holds its own, and envConfig(id, options) or make(id, options) sets them; got ${describeKind(options)} beside it`);
	const config = typeof id === "string" ? envConfig(id, options ?? {}) : checkedEnvConfig(id, "make");
	return new Env(config.id, config.game, config.options);
}
function resultListing(result) {
	return {
		fields: result.fields.map(({ key, label }) => ({
			key,
			label
		})),
		counters: (result.counters ?? []).map(({ key, label }) => ({
			key,
			label
		})),
		figures: result.figures.map((f) => ({ ...f })),
		compare: { ...result.compare },
		curve: result.curve ?? null
	};
}
/**
* A preset's defaults in its engine's schema: a form built from the schema makes this id, not the engine's base game.
*/
function withDefaults(schema, defaults) {
	const properties = schema.properties ?? {};
	for (const [key, value] of Object.entries(defaults)) {
		const property = properties[key];
		if (typeof property === "object") property.default = value;
	}
	return schema;
}
/**
* An engine's options as JSON Schema. A game registered at run time may use what JSON Schema cannot
* spell (`z.custom`, a date, a bigint): such an option is shown as `{}` (any value), and a schema
* zod cannot convert at all as its option names alone, so that `envs()` lists every id whatever
* one game's schema holds.
*/
function optionsJsonSchema(game) {
	try {
		return toJSONSchema(game.optionsSchema, {
			io: "input",
			unrepresentable: "any"
		});
	} catch {
		return {
			type: "object",
			properties: Object.fromEntries(schemaKeys(game.optionsSchema).map((key) => [key, {}]))
		};
	}
}
/** Every registered env id with its options, defaults, JSON Schemas and sizes (`tengym envs`). */
function envs() {
	return SPECS.map((s) => {
		const defaults = resolveOptions(s.id, {});
		return {
			id: s.id,
			title: s.title,
			result: resultListing(s.game.result),
			engine: s.game.name,
			description: s.description,
			defaults,
			optionsSchema: withDefaults(optionsJsonSchema(s.game), defaults),
			actions: s.game.numActions(defaults),
			observationSize: s.game.observationSize(defaults)
		};
	});
}
// src/agents/learned/algorithm-names.ts
/** The algorithms registered games bring of their own (modules.ts adds a game's when it registers). */
const GAME_ALGORITHMS = /* @__PURE__ */ new Set();
/** Adds algorithm names a registered game brings: models trained by them load. */
function addModelAlgorithms(names) {
	for (const name of names) GAME_ALGORITHMS.add(name);
}
// src/agents/modules.ts
const KITS = /* @__PURE__ */ new Map();
const NO_KIT = {};
/** Registers a game module: its ids (`registerGame`) and its kit. Returns the module. */
function registerModule(module, options = {}) {
	registerGame(module.game, module.ids, { shipped: options.shipped === true });
	if (module.kit) KITS.set(module.game, module.kit);
	addModelAlgorithms(Object.keys(module.kit?.algorithms ?? {}));
	return module;
}
/**
* Ships a game with tengym under one env id, its options the engine's defaults: the module most games make,
* `registerModule({ game, ids: [id], kit }, { shipped: true })`. Returns the module.
*/
function shipGame(game, kit, id) {
	return registerModule({
		game,
		ids: [id],
		kit
	}, { shipped: true });
}
/** Adds a registered game's model parts to its kit (`kitOf` gives them from then on). */
function registerModelParts(game, parts) {
	KITS.set(game, {
		...kitOf(game),
		...parts
	});
}
/** What agents, hints and training know of `game`; an empty kit for a game they know nothing more of. */
function kitOf(game) {
	return KITS.get(game) ?? NO_KIT;
}
// src/env/cards.ts
/**
* Standard 52-card deck: card id = rank * 4 + suit, rank 0..12 for A 2 … 9 T J Q K,
* suit 0..3 for C D H S. Text is rank + suit ("TH", "AS"); symbols for people ("10♥").
* Pure data and functions, no Node imports: the engines run in browsers as is.
*/
/** The ranks in card-code order, ace first: a card's rank is `rankOf(card)`, an index into this. */
const RANKS = "A23456789TJQK";
/**
* The suits in card-code order (clubs, diamonds, hearts, spades): a card's suit is `suitOf(card)`, an index into this.
*/
const SUITS = "CDHS";
/** The suits' symbols, in suit order (clubs, diamonds, hearts, spades). */
const SUIT_SYMBOLS = [
	"♣",
	"♦",
	"♥",
	"♠"
];
/**
* `card` when it is a card id; otherwise refused, as the bit arithmetic would read a wrong card out of 1.5 or "AS" and
* none out of 52.
*/
function checkCard(card, fn) {
	if (!Number.isInteger(card) || card < 0 || card >= 52) throw new TengymError("bad-argument", `${fn}: ${showValue(card)} is not a card id (an integer from 0 to 51, rank * 4 + suit)`);
	return card;
}
/** "TH" for the ten of hearts. */
function cardCode(card) {
	checkCard(card, "cardCode");
	return RANKS[card >> 2] + SUITS[card & 3];
}
/** "10♥" for the ten of hearts: what a player reads. */
function cardLabel(card) {
	const r = checkCard(card, "cardLabel") >> 2;
	return (r === 9 ? "10" : RANKS[r]) + SUIT_SYMBOLS[card & 3];
}
/** The card id of a code such as "TH", "th" or "10H"; -1 when it is not one. */
function parseCardCode(text) {
	if (typeof text !== "string") return -1;
	const t = text.trim().toUpperCase();
	const m = /^(10|[A2-9TJQK])([CDHS])$/.exec(t);
	if (!m) return -1;
	return (m[1] === "10" ? 9 : RANKS.indexOf(m[1])) * 4 + SUITS.indexOf(m[2]);
}
/** The most cards `reset({ deck })` reads (Four Ten takes one 32-card deck per round, for 32,768 rounds). */
const MAX_DECK_CARDS = 1 << 20;
/** Splits a deck given as "AS 2C …", "AS,2C,…" or an array of codes into tokens. */
function deckTokens(deck) {
	const tooLong = (n) => new TengymError("bad-deck", `bad deck: ${n} cards, more than the ${MAX_DECK_CARDS} a deck input may hold`);
	if (typeof deck === "string") {
		const tokens = deck.split(/[\s,]+/).filter((t) => t.length > 0);
		if (tokens.length > 1048576) throw tooLong(tokens.length);
		return tokens;
	}
	if (!Array.isArray(deck)) {
		if (ArrayBuffer.isView(deck)) throw new TengymError("bad-deck", `bad deck: ${describeKind(deck)}; give a string such as "AS 2C …" or an array of card codes (Array.from turns a typed array into one)`);
		throw new TengymError("bad-deck", `bad deck ${showValue(deck)}: give a string such as "AS 2C …" or an array of card codes`);
	}
	if (deck.length > 1048576) throw tooLong(deck.length);
	const tokens = new Array(deck.length);
	for (let i = 0; i < deck.length; i++) {
		if (!Object.hasOwn(deck, i)) throw new TengymError("bad-deck", `bad deck: no card at index ${i} (a hole in a sparse array); give every card`);
		const c = deck[i];
		if (typeof c !== "string" && typeof c !== "number") throw new TengymError("bad-deck", `bad deck: index ${i} holds ${showValue(c)}, not a card code such as "TH"`);
		tokens[i] = String(c);
	}
	return tokens;
}
/**
* Parses a full 52-card deck (each card exactly once) into card ids. The error lists
* what is wrong: unknown codes, duplicates, missing cards, the wrong count.
*/
function parseStandardDeck(deck) {
	const tokens = deckTokens(deck);
	const out = /* @__PURE__ */ new Uint8Array(52);
	const seen = /* @__PURE__ */ new Uint8Array(52);
	const bad = [];
	const dup = [];
	tokens.forEach((tok, i) => {
		const c = parseCardCode(tok);
		if (c < 0) bad.push(`"${tok}" at index ${i}`);
		else if (seen[c]) dup.push(cardCode(c));
		else {
			seen[c] = 1;
			if (i < 52) out[i] = c;
		}
	});
	const problems = [];
	const ids = typeof deck !== "string" && deck.some((c) => typeof c === "number") ? "; numbers are not card codes: a card id, rank * 4 + suit, is written as its code, 0 as \"AC\" and 51 as \"KS\"" : "";
	if (bad.length) problems.push(`unknown card codes ${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ", …" : ""} (a card is rank A23456789TJQK + suit CDHS, e.g. "TH"${ids})`);
	if (dup.length) {
		const extra = /* @__PURE__ */ new Map();
		for (const code of dup) extra.set(code, (extra.get(code) ?? 0) + 1);
		problems.push(`duplicate cards ${[...extra].map(([code, n]) => n > 1 ? `${code} ×${n + 1}` : code).join(" ")}`);
	}
	if (!bad.length) {
		const missing = [];
		for (let c = 0; c < 52; c++) if (!seen[c]) missing.push(cardCode(c));
		if (tokens.length !== 52) problems.push(`${plural(tokens.length, "card")}, a deck has 52` + (missing.length ? ` (missing ${missing.join(" ")})` : ""));
		else if (missing.length) problems.push(`missing ${missing.join(" ")}`);
	}
	if (problems.length) throw new TengymError("bad-deck", `bad deck: ${problems.join("; ")}`);
	return out;
}
/** The identity deck AC AD AH AS 2C … KS, for shuffling. */
function orderedDeck(out = /* @__PURE__ */ new Uint8Array(52)) {
	for (let c = 0; c < 52; c++) out[c] = c;
	return out;
}
/** The suits' names, in suit order. */
const SUIT_NAMES = [
	"clubs",
	"diamonds",
	"hearts",
	"spades"
];
/** Each rank in a word, ace first ("a queen", "the king"). */
const RANK_NAMES = [
	"ace",
	"two",
	"three",
	"four",
	"five",
	"six",
	"seven",
	"eight",
	"nine",
	"ten",
	"jack",
	"queen",
	"king"
];
// src/env/layouts/card-state.ts
/**
* What every card layout's state does the same way, written once: the bad-state error, the words
* for ranks, the card lists of a state's JSON (each of the 52 cards in one place), the removed
* cards, and the checks of a deal order and of the unseen cards' counts.
*/
/** Ranks in words, A = 0 … K = 12, as messages count them ("2 jacks are removed"). */
const RANK_WORDS = [
	"aces",
	"twos",
	"threes",
	"fours",
	"fives",
	"sixes",
	"sevens",
	"eights",
	"nines",
	"tens",
	"jacks",
	"queens",
	"kings"
];
/**
* A state that no play could reach, or JSON that is not a state: what `fromJSON` throws ("bad state: …",
* or "bad <layout> state: …" for a layout whose messages name it).
*/
function badState$1(message, layout) {
	return new TengymError("bad-state", `bad ${layout ? `${layout} ` : ""}state: ${message}`);
}
/**
* The card ids of a state's card lists, field by field (a null is `empty`; a field of one card, or null
* for none, gives a list of one or none), with each of the deck's cards in exactly one of them (the 52, or
* those `holds` marks: a stripped deck's); the error (`bad`, `badState` by default) names the field and
* index, or the cards missing.
*/
function parseCardLists(fields, empty, bad = badState$1, holds) {
	const where = new Array(52).fill("");
	const out = {};
	for (const key of Object.keys(fields)) {
		const field = fields[key];
		const one = typeof field === "string" || field === null;
		out[key] = (one ? field === null ? [] : [field] : field).map((code, k) => {
			if (code === null) return empty;
			const name = one ? key : `${key}[${k}]`;
			const card = parseCardCode(code);
			if (card < 0) throw bad(`${name} is ${JSON.stringify(code)}, not a card code (rank ${RANKS} + suit CDHS, e.g. "TH")`);
			if (holds && !holds[card]) throw bad(`${name} is ${cardCode(card)}, which this deck does not hold`);
			if (where[card]) throw bad(`card ${cardCode(card)} is both in ${where[card]} and in ${name}; each card must be in exactly one place`);
			where[card] = name;
			return card;
		});
	}
	const missing = [];
	for (let c = 0; c < 52; c++) if (!where[c] && (!holds || holds[c])) missing.push(cardCode(c));
	if (missing.length) {
		const names = Object.keys(fields);
		const listed = `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
		const size = holds ? holds.reduce((n, h) => n + h, 0) : 52;
		throw bad(`cards ${missing.join(" ")} are missing; ${listed} must hold each of the ${size} cards once`);
	}
	return out;
}
/** The codes of the cards in none of `placed` (card ids; other values are passed over), in card order. */
function removedCards(...placed) {
	const seen = /* @__PURE__ */ new Uint8Array(52);
	for (const list of placed) for (let k = 0; k < list.length; k++) if (list[k] < 52) seen[list[k]] = 1;
	const removed = [];
	for (let c = 0; c < 52; c++) if (!seen[c]) removed.push(cardCode(c));
	return removed;
}
/** A deal order's problem (a card twice, or no card), or where each card lies in it (`dealtAt[card]`). */
function checkDeckOrder(deck) {
	const seen = /* @__PURE__ */ new Uint8Array(52);
	const dealtAt = /* @__PURE__ */ new Int16Array(52);
	for (let k = 0; k < deck.length; k++) {
		const c = deck[k];
		if (c >= 52 || seen[c]) return { problem: `deck position ${k} holds ${c < 52 ? cardCode(c) + " a second time" : "no card"}` };
		seen[c] = 1;
		dealtAt[c] = k;
	}
	return { dealtAt };
}
/** Whether the stock's rank counts (`stockCount[r]`) are those of `deck[from…]`, or what differs. */
function checkStockCounts(deck, from, stockCount) {
	const counted = /* @__PURE__ */ new Uint8Array(13);
	for (let k = from; k < deck.length; k++) counted[deck[k] >> 2]++;
	for (let r = 0; r < 13; r++) if (counted[r] !== stockCount[r]) return `stock count of ${RANKS[r]} is ${stockCount[r]}, the stock holds ${counted[r]}`;
	return null;
}
/**
* The `Game` members a layout's game fills alike from its compiled rules (`rulesOf`): the result (cards left), the
* sizes, the observation bounds, a new state and the undos.
*/
function layoutGameParts(optionsSchema, rulesOf, createState, observationBounds) {
	return {
		result: CARDS_LEFT_RESULT,
		optionsSchema,
		numActions: (o) => rulesOf(o).numActions,
		observationSize: (o) => rulesOf(o).observationSize,
		observationBounds: (o) => observationBounds(rulesOf(o)),
		createState: (o) => createState(rulesOf(o)),
		undoLimit: (o) => {
			const limit = rulesOf(o).undoLimit;
			return limit === "unlimited" ? Infinity : limit;
		}
	};
}
// src/env/layouts/deck.ts
/**
* The deck a layout deals: every suit of each rank it lists (all thirteen for a standard deck; The Wish's
* ace and seven to king for a 32-card one). Card ids stay the standard ones (rank · 4 + suit), so codes,
* labels and suits mean the same in every deck; only which cards are in it differs.
*/
const ALL_RANKS$1 = [
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	10,
	11,
	12
];
const decks = /* @__PURE__ */ new Map();
/** The deck of `ranks` (default: all thirteen), built once per list. */
function rankDeck(ranks = ALL_RANKS$1) {
	const sorted = [...new Set(ranks)].sort((a, b) => a - b);
	const key = sorted.join(",");
	const cached = decks.get(key);
	if (cached) return cached;
	if (sorted.length === 0 || sorted.some((r) => !Number.isInteger(r) || r < 0 || r > 12)) throw new RangeError(`a deck's ranks are 0..12, at least one: ${key}`);
	const holds = /* @__PURE__ */ new Uint8Array(52);
	for (const r of sorted) holds.fill(1, 4 * r, 4 * r + 4);
	const cards = Uint8Array.from(sorted.flatMap((r) => [
		4 * r,
		4 * r + 1,
		4 * r + 2,
		4 * r + 3
	]));
	const deck = {
		ranks: sorted,
		size: cards.length,
		cards,
		holds,
		standard: sorted.length === 13
	};
	decks.set(key, deck);
	return deck;
}
/** A deck input (codes, as `reset({ deck })` takes them) as card ids: each card of `deck` once, no other. */
function parseRankDeck(deck, input) {
	if (deck.standard) return parseStandardDeck(input);
	const tokens = deckTokens(input);
	const out = new Uint8Array(deck.size);
	const seen = /* @__PURE__ */ new Uint8Array(52);
	const bad = (message) => new TengymError("bad-deck", `bad deck: ${message}`);
	tokens.forEach((token, i) => {
		const c = parseCardCode(token);
		if (c < 0) throw bad(`"${token}" at index ${i} is not a card code (rank A23456789TJQK + suit CDHS, e.g. "TH")`);
		if (!deck.holds[c]) throw bad(`${cardCode(c)} at index ${i} is not in this ${deck.size}-card deck`);
		if (seen[c]) throw bad(`duplicate card ${cardCode(c)}`);
		seen[c] = 1;
		if (i < deck.size) out[i] = c;
	});
	if (tokens.length !== deck.size) {
		const missing = Array.from(deck.cards).filter((c) => !seen[c]).map(cardCode);
		throw bad(`${tokens.length} cards, this deck has ${deck.size}${missing.length ? ` (missing ${missing.join(" ")})` : ""}`);
	}
	return out;
}
/** "a jack, a queen and a king": one of each rank, joined by `last`. */
function oneOfEach(ranks, last) {
	const words = Array.from(ranks, (r) => `a ${RANK_NAMES[r]}`);
	return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} ${last} ${words[words.length - 1]}`;
}
/** "an ace", "an eight", "a king". */
const withArticle = (name) => `${/^[ae]/.test(name) ? "an" : "a"} ${name}`;
const GATHER_OF = {
	"on-deal": 1,
	"after-removal": 2,
	"once-stock-out": 3,
	"up-columns": 4
};
/** Per slot, the slots it touches: the eight around it, or its row and column ('line'); every slot without `touch`. */
function touchingSlots(p) {
	const touching = new Int32Array(p.slots).fill(-1);
	if (p.touch === void 0) return touching;
	const w = p.columns;
	for (let i = 0; i < p.slots; i++) {
		touching[i] = 0;
		for (let j = 0; j < p.slots; j++) {
			const rows = Math.abs(Math.floor(i / w) - Math.floor(j / w));
			const cols = Math.abs(i % w - j % w);
			if ((p.touch === "line" ? rows === 0 || cols === 0 : rows <= 1 && cols <= 1) && i !== j) touching[i] |= 1 << j;
		}
	}
	return touching;
}
/** Pair id of slots i < j among `slots`: lexicographic order. */
function pairId(slots, i, j) {
	return i * slots - i * (i + 1) / 2 + (j - i - 1);
}
const rulesCache$2 = /* @__PURE__ */ new Map();
/** The spec's ids and lookup tables, built once per distinct spec. */
function compileSlotRules(p) {
	const key = JSON.stringify(p);
	const cached = rulesCache$2.get(key);
	if (cached) return cached;
	const T = p.slots;
	const pairCount = T * (T - 1) / 2;
	const pairFirst = new Uint8Array(pairCount);
	const pairSecond = new Uint8Array(pairCount);
	const pairBase = new Int32Array(T);
	for (let i = 0; i < T; i++) {
		pairBase[i] = pairId(T, i, i + 1);
		for (let j = i + 1; j < T; j++) {
			pairFirst[pairId(T, i, j)] = i;
			pairSecond[pairId(T, i, j)] = j;
		}
	}
	const setRanks = Uint8Array.from(p.sets?.ranks ?? []);
	const singles = p.singles ?? [];
	const quartets = p.quartets ?? [];
	const blocked = p.blocked ?? [];
	const sameRank = p.sameRankPairs ?? [];
	const pileSet = p.groupPile?.set ?? [];
	const claimed = /* @__PURE__ */ new Set([
		...singles,
		...quartets,
		...blocked,
		...sameRank,
		...setRanks,
		...pileSet
	]);
	const partner = (/* @__PURE__ */ new Uint8Array(14)).fill(14);
	for (let r = 0; r < 13; r++) {
		const q = p.pairSum - r - 2;
		if (!claimed.has(r) && q >= 0 && q < 13 && !claimed.has(q)) partner[r] = q;
	}
	for (const r of sameRank) partner[r] = r;
	const reserves = p.sets !== void 0 && p.sets.how !== "together";
	const sameSuit = p.sameSuit ?? false;
	const together = p.sets?.how === "together";
	const oneRankReserves = reserves && p.sets?.oneRank === true;
	const reserveCount = oneRankReserves ? 4 : setRanks.length;
	const setText = oneOfEach(setRanks, "and");
	const pairNote = Array.from({ length: 13 }, (_, r) => {
		if (blocked.includes(r)) return () => `${RANK_WORDS[r]} are never removed`;
		if (singles.includes(r)) return () => `a ${RANK_NAMES[r]} is removed alone, not in a pair`;
		if (quartets.includes(r)) return () => `${RANK_WORDS[r]} are removed four at a time`;
		if (sameRank.includes(r)) return () => `${withArticle(RANK_NAMES[r])} pairs only with another ${RANK_NAMES[r]}`;
		if (pileSet.includes(r)) return (card) => `${cardLabel(card)} never pairs: it goes out from the pile, with ${oneOfEach(pileSet, "and")}`;
		if (!setRanks.includes(r)) return () => "";
		if (together) return (card) => `${cardLabel(card)} is a face card: ${setText} go out together`;
		if (setRanks[0] >= 10) return (card) => `${cardLabel(card)} is a face card: face cards are set aside, one at a time`;
		return (card) => `${cardLabel(card)} is set aside, not paired: ${RANK_WORDS[setRanks[0]]} and higher go one at a time`;
	});
	let next = pairCount;
	const block = (present, size) => {
		if (!present) return -1;
		next += size;
		return next - size;
	};
	const singleBase = block(singles.length > 0, T);
	const singleEnd = next;
	const quartetBase = block(quartets.length > 0, quartets.length);
	const quartetEnd = next;
	const tripleBase = block(together, 4 ** setRanks.length);
	const asideBase = block(reserves, T);
	const pileBase = block(p.groupPile !== void 0, T);
	const pileEnd = next;
	const dealId = block(p.refill === "on-deal", 1);
	const drawId = block(p.extraSlot !== void 0, 1);
	const deck = rankDeck(p.ranks);
	const extra = p.extraSlot ? T - 1 : -1;
	const slotWidth = p.observeSuits ? 17 : 13;
	const reserveAt = reserves ? slotWidth * T : -1;
	const unseenAt = sameSuit ? slotWidth * T + (reserves ? 4 * setRanks.length : 0) : -1;
	const pileAt = p.groupPile ? slotWidth * T + (reserves ? 4 * setRanks.length : 0) + (sameSuit ? 52 : 0) : -1;
	const ranksAt = slotWidth * T + (reserves ? 4 * setRanks.length : 0) + (sameSuit ? 52 : 0) + (p.groupPile ? 14 : 0);
	const drawsAt = extra >= 0 ? ranksAt + 14 : -1;
	const rules = {
		slots: T,
		columns: p.columns,
		pairSum: p.pairSum,
		sameRankPairs: sameRank,
		singles,
		quartets,
		blocked,
		sets: p.sets,
		refill: p.refill,
		touch: p.touch,
		consolidate: p.consolidate,
		observeSuits: p.observeSuits ?? false,
		rewardCards: p.rewardCards,
		undoLimit: p.undoLimit,
		sameSuit,
		reserves,
		pauseRefill: p.sets?.how === "reserve-no-refill",
		oneRankReserves,
		reserveCount,
		buffered: p.refill === "on-deal",
		refillAtOnce: p.refill === "at-once" && p.sets?.how !== "reserve-no-refill" && p.consolidate === void 0 && p.groupPile === void 0,
		pairCount,
		pairFirst,
		pairSecond,
		pairBase,
		partner,
		singleBase,
		singleEnd,
		quartetBase,
		quartetEnd,
		tripleBase,
		asideBase,
		dealId,
		singleRanks: Uint8Array.from(singles),
		quartetRanks: Uint8Array.from(quartets),
		blockedRanks: Uint8Array.from(blocked),
		setRanks,
		setIndex: Int8Array.from({ length: 14 }, (_, r) => setRanks.indexOf(r)),
		quartetOpen: Uint8Array.from(quartets, (r) => blocked.includes(r) ? 0 : 1),
		setDigits: new Int8Array(setRanks.length),
		numActions: next,
		observationSize: ranksAt + 14 + (extra >= 0 ? 1 : 0),
		slotWidth,
		reserveAt,
		unseenAt,
		ranksAt,
		clearTarget: deck.size - 4 * blocked.length,
		deck,
		deckSize: deck.size,
		fullStock: Uint8Array.from({ length: 13 }, (_, r) => deck.holds[4 * r] ? 4 : 0),
		outsideDeck: Uint8Array.from({ length: 52 }, (_, c) => c).filter((c) => !deck.holds[c]),
		refillSlots: (1 << T) - 1 & ~(extra >= 0 ? 1 << extra : 0),
		dealtSlots: extra >= 0 ? T - 1 : T,
		extra,
		draws: p.extraSlot?.draws ?? 0,
		drawId,
		drawsAt,
		pairNote,
		near: p.touch !== void 0,
		touching: touchingSlots(p),
		gather: p.consolidate === void 0 ? 0 : GATHER_OF[p.consolidate],
		groupPile: p.groupPile,
		pileBase,
		pileEnd,
		pileSum: p.groupPile?.sum ?? 0,
		pileSetBit: Uint8Array.from({ length: 14 }, (_, r) => pileSet.includes(r) ? 1 << pileSet.indexOf(r) : 0),
		pileSetFull: (1 << pileSet.length) - 1,
		pileAt
	};
	rulesCache$2.set(key, rules);
	return rules;
}
/** Whether the group pile can still go out: empty, number cards under the sum, or set ranks once each alone. */
function pileCanGoOut(s) {
	if (s.pileSetCards === 0) return s.pileTotal < s.rules.pileSum;
	return s.pileSetCards === s.pileSize && (s.pileSets & 128) === 0;
}
/** Puts `card` on the group pile; when it makes the pile go out, empties the pile and returns its size, else 0. */
function addToPile(s, card) {
	const r = s.rules;
	s.pile[s.pileSize++] = card;
	const bit = r.pileSetBit[card >> 2];
	if (bit === 0) s.pileTotal += (card >> 2) + 1;
	else {
		s.pileSets |= (s.pileSets & bit) !== 0 ? 128 : bit;
		s.pileSetCards++;
	}
	if (!(s.pileSetCards === 0 ? s.pileTotal === r.pileSum : s.pileSets === r.pileSetFull && s.pileSetCards === s.pileSize)) return 0;
	s.pileOut = s.pileSize;
	s.pileSize = 0;
	s.pileTotal = 0;
	s.pileSets = 0;
	s.pileSetCards = 0;
	s.note = 3;
	return s.pileOut;
}
/** Marks the group pile's moves, every card while the pile can go out; with a pile that cannot, none at all. */
function legalPile(s, mask, legal, n) {
	if (!pileCanGoOut(s)) {
		mask.fill(0);
		return 0;
	}
	let bits = ~s.rankSlots[13] & (1 << s.rules.slots) - 1;
	while (bits !== 0) {
		const bit = bits & -bits;
		bits ^= bit;
		const a = s.rules.pileBase + 31 - Math.clz32(bit);
		mask[a] = 1;
		legal[n++] = a;
	}
	return n;
}
/** The pile's features: its rank counts / 4, then its number cards' total / the sum (observe zeroed them). */
function observePile$1(s, out) {
	const r = s.rules;
	for (let k = 0; k < s.pileSize; k++) out[r.pileAt + (s.pile[k] >> 2)] += .25;
	out[r.pileAt + 13] = s.pileTotal / r.pileSum;
}
/** The pile total's highest observed value: under the sum while it can go out, plus the value that ends it. */
function pileTotalHigh(r) {
	let top = 0;
	for (let rank = 0; rank < 13; rank++) if (r.pileSetBit[rank] === 0) top = rank + 1;
	return (r.pileSum - 1 + top) / r.pileSum;
}
// src/env/layouts/slots.ts
/**
* The slot layout: face-up slots in a grid, dealt from a shuffled 52-card stock, lowest slot first.
* A game over it declares its rules (`SlotRulesSpec`): the sum two cards make to pair, the ranks
* removed alone, four at a time, never, or as a set of one of each (J-Q-K), which slots a pair may
* join (any two, or touching ones), and when emptied slots refill (and whether the cards first close
* up). This file holds the rules' ids and tables, the state and the hot path; `slot-text.ts` the
* words and the board, `slot-json.ts` the state's JSON and checks, and `slot-game.ts` joins them
* into a `Game` (`slotGame`): Tens, Block Ten, Thirteens, the Elevens family and the grid games
* (Monte Carlo's) are declarations. `slot-pile.ts` holds the group pile (Fifteens).
*
* Action ids, in this order, each block only where the rules have it (T slots, P = T(T−1)/2):
*   pairs     P ids, slots (i, j), i < j, lexicographic: id = i·T − i(i+1)/2 + j − i − 1
*   singles   T ids, the card of slot i removed alone
*   quartets  one id per quartet rank, in the declared order: all four of that rank, from the slots
*   sets      4^k ids for k set ranks, the set's cards removed from the slots together: one suit
*             digit per rank, first rank most significant (J♠ Q♣ K♦: 16·3 + 4·0 + 1)
*   aside     T ids, the set card of slot i set aside into its rank's reserve (sets by reserve)
*   pile      T ids, the card of slot i put on the group pile (`groupPile`): any card, while the pile can go out
*   deal      one id, filling the empty slots (refill 'on-deal'); with `consolidate` it first closes the gaps
*             (or raises the cards up their columns), and stays legal while that would move a card
*   draw      one id (`extraSlot`), the stock's next card turned into the empty extra slot, while draws are left
*
* With `touch`, a pair's two slots must touch (`touching`, a bit set per slot, masks the partner rank's slots).
*
* Observation: per slot 13 rank flags (and 4 suit flags with `observeSuits`), then the reserves'
* suit flags, then one flag per unseen card (with `sameSuit`), then the group pile's rank counts / 4 and its
* number cards' total / its sum (with `groupPile`), then the unseen rank counts / 4 and the stock size / the
* deck's size, then (with `extraSlot`) the draws left / draws. The stock's order is never shown.
*
* The deck is 52 cards, or the ranks a game lists (`ranks`): the deal, the stock and the win follow its size.
* With `extraSlot` the last slot is the extra slot: the deal and the refill pass it over.
*
* State (typed arrays made once in createState, kept in step incrementally):
*   slotCard[i]     card id in slot i, EMPTY when empty; slotRank[i] its rank, EMPTY_RANK when empty
*   cardSlot[c]     the slot card c lies in, NOWHERE when it is not in a slot
*   rankSlots[r]    bit i set when slot i holds rank r; [EMPTY_RANK] the empty slots, [NO_PARTNER] none
*   reserve[f]      the card set aside for set rank f, EMPTY when none
*   stockCount[r]   cards of rank r in the stock (what the player has not seen)
*   pile            the group pile, bottom first, with its number total and set ranks kept as cards go on
*   deck            the deal order; deck[stockPos..deckSize−1] is the stock, next card first
*   drawsLeft       draws to the extra slot left
*/
function createState$4(rules) {
	const sets = rules.reserveCount;
	return {
		rules,
		slotCard: new Uint8Array(rules.slots).fill(255),
		slotRank: new Uint8Array(rules.slots).fill(13),
		cardSlot: (/* @__PURE__ */ new Uint8Array(52)).fill(255),
		rankSlots: /* @__PURE__ */ new Int32Array(15),
		reserve: new Uint8Array(sets).fill(255),
		stockCount: /* @__PURE__ */ new Uint8Array(13),
		deck: Uint8Array.from(rules.deck.cards),
		stockPos: 0,
		removed: 0,
		legalCount: 0,
		note: 0,
		drawsLeft: 0,
		lastSet: new Uint8Array(sets).fill(255),
		pile: new Uint8Array(rules.pileBase >= 0 ? 52 : 0),
		pileSize: 0,
		pileTotal: 0,
		pileSets: 0,
		pileSetCards: 0,
		pileOut: 0
	};
}
function copyState$4(src, dst) {
	dst.slotCard.set(src.slotCard);
	dst.slotRank.set(src.slotRank);
	dst.cardSlot.set(src.cardSlot);
	dst.rankSlots.set(src.rankSlots);
	dst.reserve.set(src.reserve);
	dst.stockCount.set(src.stockCount);
	dst.deck.set(src.deck);
	dst.stockPos = src.stockPos;
	dst.removed = src.removed;
	dst.legalCount = src.legalCount;
	dst.note = src.note;
	dst.drawsLeft = src.drawsLeft;
	dst.lastSet.set(src.lastSet);
	if (src.pile.length > 0) {
		dst.pile.set(src.pile);
		dst.pileSize = src.pileSize;
		dst.pileTotal = src.pileTotal;
		dst.pileSets = src.pileSets;
		dst.pileSetCards = src.pileSetCards;
		dst.pileOut = src.pileOut;
	}
}
/** Cards of rank r in the slots. */
function countInSlots(s, rank) {
	let x = s.rankSlots[rank];
	x -= x >>> 1 & 1431655765;
	x = (x & 858993459) + (x >>> 2 & 858993459);
	return Math.imul(x + (x >>> 4) & 252645135, 16843009) >>> 24;
}
function emptySlot(s, i) {
	const bit = 1 << i;
	s.rankSlots[s.slotRank[i]] ^= bit;
	s.rankSlots[13] |= bit;
	s.cardSlot[s.slotCard[i]] = 255;
	s.slotCard[i] = 255;
	s.slotRank[i] = 13;
}
/** Deals the stock into the empty slots, lowest first, while it lasts (an extra slot is left empty). */
function fillEmptySlots(s) {
	const slots = s.rankSlots;
	const end = s.rules.deckSize;
	let empty = slots[13] & s.rules.refillSlots;
	let pos = s.stockPos;
	while (empty !== 0 && pos < end) {
		const bit = empty & -empty;
		empty ^= bit;
		const i = 31 - Math.clz32(bit);
		const card = s.deck[pos++];
		const rank = card >> 2;
		s.slotCard[i] = card;
		s.slotRank[i] = rank;
		s.cardSlot[card] = i;
		slots[rank] |= bit;
		slots[13] ^= bit;
		s.stockCount[rank]--;
	}
	s.stockPos = pos;
}
/** Moves the card of slot `from` to the empty slot `to`. */
function moveCard(s, from, to) {
	const bits = 1 << from | 1 << to;
	const card = s.slotCard[from];
	s.rankSlots[card >> 2] ^= bits;
	s.rankSlots[13] ^= bits;
	s.slotCard[to] = card;
	s.slotRank[to] = card >> 2;
	s.cardSlot[card] = to;
	s.slotCard[from] = 255;
	s.slotRank[from] = 13;
}
/** The cards slide to close the gaps in reading order (their order kept); the empty slots end up last. */
function closeGaps(s) {
	let to = 0;
	for (let i = 0; i < s.rules.slots; i++) {
		if (s.slotCard[i] === 255) continue;
		if (i !== to) moveCard(s, i, to);
		to++;
	}
}
/** Each card rises up its column past the empty slots above it. */
function raiseColumns(s) {
	const w = s.rules.columns;
	for (let i = w; i < s.rules.slots; i++) {
		if (s.slotCard[i] === 255) continue;
		let k = i;
		while (k >= w && s.slotCard[k - w] === 255) k -= w;
		if (k !== i) moveCard(s, i, k);
	}
}
/** The slots as `consolidate` gathers them after a move (`dealt`: the move was the deal), then the refill. */
function gatherSlots(s, dealt) {
	const how = s.rules.gather;
	if (how === 3) {
		fillEmptySlots(s);
		if (s.stockPos === s.rules.deckSize) closeGaps(s);
		return;
	}
	if (how === 2 || dealt) {
		if (how === 4) raiseColumns(s);
		else closeGaps(s);
		fillEmptySlots(s);
	}
}
/**
* Whether consolidating would move a card: a gap lies before a card in reading order, or, up the columns, an empty
* slot lies above a card.
*/
function cardsWouldMove(s) {
	const empty = s.rankSlots[13];
	if (empty === 0) return false;
	const held = ~empty & (1 << s.rules.slots) - 1;
	if (s.rules.gather === 4) return (held >>> s.rules.columns & empty) !== 0;
	return (held & -(empty & -empty)) !== 0;
}
function reservesEmpty(s) {
	for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== 255) return false;
	return true;
}
/** The suit of the cards set aside, or -1 when the reserves are empty. */
function reserveSuit(s) {
	for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== 255) return s.reserve[f] & 3;
	return -1;
}
function resetState$2(s, rng, deck) {
	s.deck.set(deck ?? s.rules.deck.cards);
	if (!deck) shuffleInPlace(rng, s.deck);
	for (let i = 0; i < s.rules.slots; i++) if (s.slotCard[i] !== 255) s.cardSlot[s.slotCard[i]] = 255;
	if (s.rules.extra >= 0) {
		s.slotCard[s.rules.extra] = 255;
		s.slotRank[s.rules.extra] = 13;
	}
	s.rankSlots.fill(0);
	s.rankSlots[13] = (1 << s.rules.slots) - 1;
	if (s.reserve.length > 0) {
		s.reserve.fill(255);
		s.lastSet.fill(255);
	}
	if (s.pile.length > 0) {
		s.pileSize = 0;
		s.pileTotal = 0;
		s.pileSets = 0;
		s.pileSetCards = 0;
		s.pileOut = 0;
	}
	s.stockCount.set(s.rules.fullStock);
	s.stockPos = 0;
	s.removed = 0;
	s.legalCount = 0;
	s.note = 0;
	s.drawsLeft = s.rules.draws;
	fillEmptySlots(s);
}
/** The id offset of a set whose k-th card has suit digits[k]. */
function setOffset(digits) {
	let id = 0;
	for (let k = 0; k < digits.length; k++) id = 4 * id + digits[k];
	return id;
}
/** Marks the sets on the slots, in id order; returns the new count. */
function legalSets(s, mask, legal, n) {
	const r = s.rules;
	const ranks = r.setRanks;
	const k = ranks.length;
	if (r.sameSuit) {
		for (let u = 0; u < 4; u++) {
			let all = true;
			for (let f = 0; f < k && all; f++) all = s.cardSlot[ranks[f] * 4 + u] !== 255;
			if (!all) continue;
			r.setDigits.fill(u);
			const id = r.tripleBase + setOffset(r.setDigits);
			mask[id] = 1;
			legal[n++] = id;
		}
		return n;
	}
	if (k === 3) {
		for (let a = 0; a < 4; a++) {
			if (s.cardSlot[ranks[0] * 4 + a] === 255) continue;
			for (let b = 0; b < 4; b++) {
				if (s.cardSlot[ranks[1] * 4 + b] === 255) continue;
				for (let c = 0; c < 4; c++) {
					if (s.cardSlot[ranks[2] * 4 + c] === 255) continue;
					const id = r.tripleBase + 16 * a + 4 * b + c;
					mask[id] = 1;
					legal[n++] = id;
				}
			}
		}
		return n;
	}
	const digit = r.setDigits;
	let pos = 0;
	digit[0] = -1;
	while (pos >= 0) {
		let u = digit[pos] + 1;
		while (u < 4 && s.cardSlot[ranks[pos] * 4 + u] === 255) u++;
		if (u === 4) {
			pos--;
			continue;
		}
		digit[pos] = u;
		if (pos < k - 1) digit[++pos] = -1;
		else {
			const id = r.tripleBase + setOffset(digit);
			mask[id] = 1;
			legal[n++] = id;
		}
	}
	return n;
}
/** Marks the pairs of one suit (each card has one partner card); returns the new count. */
function legalSuitPairs(s, mask, legal) {
	const r = s.rules;
	let n = 0;
	for (let i = 0; i < r.slots - 1; i++) {
		const p = r.partner[s.slotRank[i]];
		if (p === 14) continue;
		const j = s.cardSlot[p * 4 + (s.slotCard[i] & 3)];
		if (j === 255 || j < i) continue;
		const a = r.pairBase[i] - i - 1 + j;
		mask[a] = 1;
		legal[n++] = a;
	}
	return n;
}
/** Marks the pairs by rank (any card of the partner rank pairs); returns the new count. */
function legalRankPairs(s, mask, legal) {
	const r = s.rules;
	const rank = s.slotRank;
	const slots = s.rankSlots;
	let n = 0;
	for (let i = 0; i < r.slots - 1; i++) {
		let later = slots[r.partner[rank[i]]] & -(2 << i);
		if (later === 0) continue;
		const offset = r.pairBase[i] - i - 1;
		do {
			const bit = later & -later;
			later ^= bit;
			const a = offset + 31 - Math.clz32(bit);
			mask[a] = 1;
			legal[n++] = a;
		} while (later !== 0);
	}
	return n;
}
/** Marks the pairs by rank in touching slots (`touch`); returns the new count. */
function legalNearPairs(s, mask, legal) {
	const r = s.rules;
	const rank = s.slotRank;
	const slots = s.rankSlots;
	let n = 0;
	for (let i = 0; i < r.slots - 1; i++) {
		let later = slots[r.partner[rank[i]]] & r.touching[i] & -(2 << i);
		if (later === 0) continue;
		const offset = r.pairBase[i] - i - 1;
		do {
			const bit = later & -later;
			later ^= bit;
			const a = offset + 31 - Math.clz32(bit);
			mask[a] = 1;
			legal[n++] = a;
		} while (later !== 0);
	}
	return n;
}
/** Marks the singles after the pairs; returns the new count. */
function legalSingles(s, mask, legal, n) {
	const r = s.rules;
	let alone = 0;
	for (let k = 0; k < r.singleRanks.length; k++) alone |= s.rankSlots[r.singleRanks[k]];
	while (alone !== 0) {
		const bit = alone & -alone;
		alone ^= bit;
		const a = r.singleBase + 31 - Math.clz32(bit);
		mask[a] = 1;
		legal[n++] = a;
	}
	return n;
}
/** Marks the sets and the set-asides after the quartets; returns the new count. */
function legalSetsAndAsides(s, mask, legal, n) {
	const r = s.rules;
	if (r.tripleBase >= 0) n = legalSets(s, mask, legal, n);
	if (r.asideBase >= 0) {
		let bits = 0;
		if (r.oneRankReserves && s.reserve[0] !== 255) bits = s.rankSlots[s.reserve[0] >> 2];
		else for (let f = 0; f < r.setRanks.length; f++) if (s.reserve[f] === 255) bits |= s.rankSlots[r.setRanks[f]];
		const suit = r.sameSuit ? reserveSuit(s) : -1;
		while (bits !== 0) {
			const bit = bits & -bits;
			bits ^= bit;
			const i = 31 - Math.clz32(bit);
			if (suit >= 0 && (s.slotCard[i] & 3) !== suit) continue;
			mask[r.asideBase + i] = 1;
			legal[n++] = r.asideBase + i;
		}
	}
	return n;
}
/**
* The legal ids in id order. The pairs and the quartets, which every game of Tens' kind has, are the short path;
* the rarer blocks sit in functions of their own so that this one stays small enough to be inlined.
*/
function legalActions$4(s, _o, mask, legal) {
	const r = s.rules;
	mask.fill(0);
	let n = r.sameSuit ? legalSuitPairs(s, mask, legal) : r.near ? legalNearPairs(s, mask, legal) : legalRankPairs(s, mask, legal);
	if (r.singleBase >= 0) n = legalSingles(s, mask, legal, n);
	if (r.quartetBase >= 0) for (let q = 0; q < r.quartetRanks.length; q++) {
		if (r.quartetOpen[q] === 0 || countInSlots(s, r.quartetRanks[q]) !== 4) continue;
		mask[r.quartetBase + q] = 1;
		legal[n++] = r.quartetBase + q;
	}
	if (r.tripleBase >= 0 || r.asideBase >= 0) n = legalSetsAndAsides(s, mask, legal, n);
	if (r.pileBase >= 0) n = legalPile(s, mask, legal, n);
	if (r.dealId >= 0 && (s.rankSlots[13] !== 0 && s.stockPos < r.deckSize || r.gather !== 0 && cardsWouldMove(s))) {
		mask[r.dealId] = 1;
		legal[n++] = r.dealId;
	}
	if (r.drawId >= 0 && s.drawsLeft > 0 && s.slotCard[r.extra] === 255 && s.stockPos < r.deckSize) {
		mask[r.drawId] = 1;
		legal[n++] = r.drawId;
	}
	s.legalCount = n;
	return n;
}
/** The cards of set id `action`, in set order. */
function setCards(r, action) {
	let t = action - r.tripleBase;
	const cards = new Array(r.setRanks.length);
	for (let f = r.setRanks.length - 1; f >= 0; f--) {
		cards[f] = r.setRanks[f] * 4 + (t & 3);
		t >>= 2;
	}
	return cards;
}
/**
* Applies a legal action. Every kind of removal is written out here rather than in helpers: a helper that a game
* calls rarely (Elevens' triples) would be compiled mid-game, which allocates.
*/
function stepState$2(s, _o, action) {
	const r = s.rules;
	let gained = 2;
	s.note = 0;
	if (action < r.pairCount) {
		emptySlot(s, r.pairFirst[action]);
		emptySlot(s, r.pairSecond[action]);
	} else if (action === r.dealId) gained = 0;
	else if (action < r.singleEnd) {
		emptySlot(s, action - r.singleBase);
		gained = 1;
	} else if (action < r.quartetEnd) {
		const quartetRank = r.quartetRanks[action - r.quartetBase];
		for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === quartetRank) emptySlot(s, i);
		gained = 4;
	} else if (action === r.drawId) {
		const card = s.deck[s.stockPos++];
		const bit = 1 << r.extra;
		s.slotCard[r.extra] = card;
		s.slotRank[r.extra] = card >> 2;
		s.cardSlot[card] = r.extra;
		s.rankSlots[card >> 2] |= bit;
		s.rankSlots[13] ^= bit;
		s.stockCount[card >> 2]--;
		s.drawsLeft--;
		gained = 0;
	} else if (r.tripleBase >= 0) {
		const ranks = r.setRanks;
		let t = action - r.tripleBase;
		for (let f = ranks.length - 1; f >= 0; f--) {
			emptySlot(s, s.cardSlot[ranks[f] * 4 + (t & 3)]);
			t >>= 2;
		}
		gained = ranks.length;
	} else if (r.pileBase >= 0) {
		const i = action - r.pileBase;
		const card = s.slotCard[i];
		emptySlot(s, i);
		gained = addToPile(s, card);
	} else {
		const i = action - r.asideBase;
		const card = s.slotCard[i];
		emptySlot(s, i);
		if (r.oneRankReserves) {
			let f = 0;
			while (s.reserve[f] !== 255) f++;
			s.reserve[f] = card;
		} else s.reserve[r.setIndex[card >> 2]] = card;
		gained = s.reserve.length;
		for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] === 255) gained = 0;
		if (gained > 0) {
			s.lastSet.set(s.reserve);
			s.reserve.fill(255);
			s.note = 1;
		}
	}
	s.removed += gained;
	if (r.refillAtOnce) fillEmptySlots(s);
	else if (r.gather !== 0) gatherSlots(s, action === r.dealId);
	else if (r.buffered) {
		if (action === r.dealId) fillEmptySlots(s);
	} else if (s.pileSize === 0 && reservesEmpty(s)) fillEmptySlots(s);
	else if (s.stockPos < r.deckSize) s.note = 2;
	if (r.rewardCards) return gained;
	return isWon$2(s) ? 1 : 0;
}
/** `step` without an env, for agents' searches on scratch states: applies a legal action, returns its reward. */
function playSlotMove(s, action) {
	return stepState$2(s, null, action);
}
/** Won: everything removable is removed and the stock dealt out (blocked cards may wait in a buffered stock). */
function isWon$2(s) {
	return s.removed === s.rules.clearTarget && s.stockPos === s.rules.deckSize;
}
function status$4(s) {
	return s.legalCount === 0 ? 1 : 0;
}
function observe$4(s, _o, out) {
	const r = s.rules;
	const w = r.slotWidth;
	out.fill(0, 0, r.ranksAt);
	if (w === 13) {
		for (let i = 0; i < r.slots; i++) if (s.slotRank[i] !== 13) out[13 * i + s.slotRank[i]] = 1;
	} else for (let i = 0; i < r.slots; i++) {
		const card = s.slotCard[i];
		if (card === 255) continue;
		out[w * i + (card >> 2)] = 1;
		out[w * i + 13 + (card & 3)] = 1;
	}
	if (r.reserveAt >= 0) for (let f = 0; f < s.reserve.length; f++) {
		const card = s.reserve[f];
		if (card !== 255) out[r.reserveAt + 4 * (r.oneRankReserves ? r.setIndex[card >> 2] : f) + (card & 3)] = 1;
	}
	if (r.unseenAt >= 0) for (let k = s.stockPos; k < r.deckSize; k++) out[r.unseenAt + s.deck[k]] = 1;
	if (r.pileAt >= 0) observePile$1(s, out);
	for (let rank = 0; rank < 13; rank++) out[r.ranksAt + rank] = s.stockCount[rank] * .25;
	out[r.ranksAt + 13] = (r.deckSize - s.stockPos) / r.deckSize;
	if (r.drawsAt >= 0) out[r.drawsAt] = s.drawsLeft / r.draws;
}
/** All in [0, 1] (one-hots, flags, counts of at most 4 of 4) but the stock size, at most (N − dealt)/N once dealt. */
function observationBounds$4(r) {
	const low = new Float32Array(r.observationSize);
	const high = new Float32Array(r.observationSize).fill(1);
	high[r.ranksAt + 13] = (r.deckSize - r.dealtSlots) / r.deckSize;
	if (r.pileAt >= 0) high[r.pileAt + 13] = pileTotalHigh(r);
	return {
		low,
		high
	};
}
function outcome$4(s) {
	return {
		won: isWon$2(s),
		cardsLeft: s.rules.deckSize - s.removed
	};
}
// src/agents/agent.ts
/**
* The one agent interface used by evaluation, hints and play. An agent sees the env
* (its legal list, observation and state) and returns a legal action; where it has
* them it also scores every legal action, best first, which is what hints show.
*
* Fairness: a fair agent must not read the order of the stock (the cards not yet
* seen). Only agents marked `fair: false` (the oracle) may; tests check that permuting
* the unseen cards never changes a fair agent's choice.
*/
/** An agent as a caller passes one (to a hinter, to an evaluation): an object with a name and `act`. */
const agentSchema = /* @__PURE__ */ custom$1((a) => a !== null && typeof a === "object" && typeof a.name === "string" && typeof a.act === "function", { error: "expected an agent (an object with name and act(env), such as loadAgent(dir) from tengym/node or agentFromModel(model) from tengym/models)" });
/**
* What every agent checks of the env it is asked to act in or score: an `Env`, dealt, its
* episode running. A caller's mistake is said as one, not met as a TypeError or an action
* that is not legal.
*/
function checkPlaying(env, agent) {
	if (!(env instanceof Env)) throw new TengymError("bad-argument", `agent "${agent}" acts in an env (make(id), then reset()), got ${describeKind(env)}`);
	if (!env.hasStarted) throw new TengymError("not-reset", `agent "${agent}": the env has not been dealt yet; call reset() first`);
	if (!env.running) throw new TengymError("episode-over", `agent "${agent}": the episode is over; call reset() for the next`);
}
/**
* What a trained model's agent checks first once its `dispose()` freed the model: said as a
* `TengymError`, not as TensorFlow.js's "Layer 'hidden_0' is already disposed" (nor as a move,
* where a search answers from what it kept).
*/
function checkNotDisposed(disposed, agent) {
	if (disposed) throw new TengymError("disposed", `model "${agent}" was disposed: dispose() freed its weights; load the model again to play with it`);
}
/**
* What an agent whose play uses no seed checks of `reset`'s: none, or a seed as `pimc` takes it.
* Anything else is a caller's mistake (a seed read from the wrong field), said here rather than
* passed over by this agent and met later by one that does use it.
*/
function checkUnusedSeed(seed, agent) {
	if (seed !== void 0) validateSeed(seed, `agent "${agent}" seed`);
}
/**
* An agent that uses no seed and keeps nothing from one game to the next: its `reset` only checks the seed it is given
* (`checkUnusedSeed`). Fair unless it says otherwise.
*/
var SeedlessAgent = class {
	fair = true;
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
};
/** A seedless agent that plays the move its own `score` ranks first. */
var BestScoredAgent = class extends SeedlessAgent {
	act(env) {
		checkPlaying(env, this.name);
		return this.score(env).actions[0].action;
	}
};
// src/agents/slot-patient.ts
/** Whether setting aside the card of slot i lets its set still go out (the reserves and the grid as they stand). */
function safeAside(s, i) {
	const r = s.rules;
	if (!r.pauseRefill) return true;
	for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== 255) return true;
	const rank = s.slotRank[i];
	if (r.oneRankReserves) return countInSlots(s, rank) === s.reserve.length;
	for (let f = 0; f < r.setRanks.length; f++) if (countInSlots(s, r.setRanks[f]) === 0) return false;
	return true;
}
/** The slot layout's `patient`: safe moves score 1, set-asides that stop the grid for good 0; the lowest id first. */
var SlotPatientAgent = class extends BestScoredAgent {
	games;
	name = "patient";
	constructor(games) {
		super();
		this.games = games;
	}
	score(env) {
		checkPlaying(env, this.name);
		if (!this.games.includes(env.game)) throw new TengymError("bad-argument", `agent "${this.name}" plays ${this.games.map((g) => g.name)}, not ${env.id}`);
		const s = env.rawState;
		const r = s.rules;
		const actions = env.legalActions().map((action) => {
			return {
				action,
				score: r.asideBase >= 0 && action >= r.asideBase && action < r.asideBase + r.slots && !safeAside(s, action - r.asideBase) ? 0 : 1
			};
		});
		actions.sort((a, b) => b.score - a.score || a.action - b.action);
		return {
			kind: "heuristic",
			actions
		};
	}
};
/** `patient`'s catalogue entry for these slot games. */
function slotPatientSpec(games, plays) {
	return {
		name: "patient",
		description: "any move but a set-aside first; a card goes aside only when its set can still go out (the full-information optimum where no slot refills while a reserve holds a card)",
		fair: true,
		games,
		...plays ? { plays } : {},
		create: () => new SlotPatientAgent(games)
	};
}
// src/env/layouts/slot-json.ts
/**
* The slot layout's state as JSON (slots.ts has the layout): `{ tableau, reserve (with sets), pile (with a
* group pile), stock, removed }`, its parsing and loading, the checks that a state could come from play, and
* the changes that no play could give, which the fuzz tries.
*/
function toJSON$4(s) {
	const code = (c) => c === 255 ? null : cardCode(c);
	const stock = Array.from(s.deck.subarray(s.stockPos), cardCode);
	const removed = removedCards(s.slotCard, s.reserve, s.pile.subarray(0, s.pileSize), s.deck.subarray(s.stockPos), s.rules.outsideDeck);
	const tableau = Array.from(s.slotCard, code);
	if (s.rules.pileBase >= 0) return {
		tableau,
		pile: Array.from(s.pile.subarray(0, s.pileSize), cardCode),
		stock,
		removed
	};
	if (s.rules.extra >= 0) return {
		tableau,
		stock,
		removed,
		drawsLeft: s.drawsLeft
	};
	return s.rules.setRanks.length ? {
		tableau,
		reserve: Array.from(s.reserve, code),
		stock,
		removed
	} : {
		tableau,
		stock,
		removed
	};
}
const jsonSchemas$2 = /* @__PURE__ */ new Map();
function jsonSchema$2(r) {
	const key = `${r.slots}/${r.reserveCount}/${r.pileBase >= 0}/${r.extra}`;
	let schema = jsonSchemas$2.get(key);
	if (!schema) {
		const cards = (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(52));
		const places = (n) => (/* @__PURE__ */ array$1(/* @__PURE__ */ nullable$1(/* @__PURE__ */ string$1()))).check(/* @__PURE__ */ _length(n));
		const draws = (/* @__PURE__ */ number()).check(int$1(), /* @__PURE__ */ _gte(0), /* @__PURE__ */ _lte(r.draws));
		schema = r.pileBase >= 0 ? /* @__PURE__ */ strictObject$1({
			tableau: places(r.slots),
			pile: cards,
			stock: cards,
			removed: cards
		}) : r.setRanks.length ? /* @__PURE__ */ strictObject$1({
			tableau: places(r.slots),
			reserve: places(r.reserveCount),
			stock: cards,
			removed: cards
		}) : r.extra >= 0 ? /* @__PURE__ */ strictObject$1({
			tableau: places(r.slots),
			stock: cards,
			removed: cards,
			drawsLeft: draws
		}) : /* @__PURE__ */ strictObject$1({
			tableau: places(r.slots),
			stock: cards,
			removed: cards
		});
		jsonSchemas$2.set(key, schema);
	}
	return schema;
}
function fromJSON$4(json, s) {
	const r = s.rules;
	const parsed = jsonSchema$2(r).safeParse(json);
	if (!parsed.success) {
		const reserve = r.setRanks.length ? `reserve: ${r.reserveCount} card codes or null, ` : r.pileBase >= 0 ? "pile: [...], " : "";
		const draws = r.extra >= 0 ? `, drawsLeft: 0 to ${r.draws}` : "";
		throw badState$1(`${formatZodError(parsed.error)} (expected { tableau: ${r.slots} card codes or null, ${reserve}stock: [...], removed: [...]${draws} })`);
	}
	const data = parsed.data;
	const lists = parseCardLists(data.reserve ? {
		tableau: data.tableau,
		reserve: data.reserve,
		stock: data.stock,
		removed: data.removed
	} : data.pile ? {
		tableau: data.tableau,
		pile: data.pile,
		stock: data.stock,
		removed: data.removed
	} : {
		tableau: data.tableau,
		stock: data.stock,
		removed: data.removed
	}, 255, void 0, r.deck.holds);
	const scratch = createState$4(r);
	loadState$1(scratch, lists.tableau, lists.reserve ?? [], lists.stock, data.drawsLeft ?? 0);
	if (lists.pile) loadPile(scratch, lists.pile);
	const problem = checkState$4(scratch);
	if (problem) throw badState$1(problem);
	copyState$4(scratch, s);
}
/** Fills `s` from checked card lists; the dealt part of `deck` holds the other cards. */
function loadState$1(s, tableau, reserve, stock, drawsLeft) {
	const inStock = /* @__PURE__ */ new Uint8Array(52);
	for (const c of stock) inStock[c] = 1;
	s.stockPos = s.rules.deckSize - stock.length;
	let k = 0;
	for (const c of s.rules.deck.cards) if (!inStock[c]) s.deck[k++] = c;
	s.deck.set(stock, s.stockPos);
	s.slotCard.set(tableau);
	s.reserve.set(reserve);
	s.rankSlots.fill(0);
	s.stockCount.fill(0);
	let placed = 0;
	for (let i = 0; i < tableau.length; i++) {
		const c = tableau[i];
		s.slotRank[i] = c === 255 ? 13 : c >> 2;
		s.rankSlots[s.slotRank[i]] |= 1 << i;
		if (c !== 255) {
			s.cardSlot[c] = i;
			placed++;
		}
	}
	for (const c of reserve) if (c !== 255) placed++;
	for (const c of stock) s.stockCount[c >> 2]++;
	s.removed = s.rules.deckSize - stock.length - placed;
	s.legalCount = 0;
	s.drawsLeft = drawsLeft;
}
/** Puts checked cards on the group pile, bottom first, keeping its total and set ranks as play would. */
function loadPile(s, pile) {
	const r = s.rules;
	s.pileSize = 0;
	s.pileTotal = 0;
	s.pileSets = 0;
	s.pileSetCards = 0;
	for (const c of pile) {
		s.pile[s.pileSize++] = c;
		const bit = r.pileSetBit[c >> 2];
		if (bit === 0) s.pileTotal += (c >> 2) + 1;
		else {
			s.pileSets |= (s.pileSets & bit) !== 0 ? 128 : bit;
			s.pileSetCards++;
		}
	}
	s.removed -= pile.length;
}
/** The group pile: its cards off the slots and the stock, its kept total in step, and one play could leave. */
function checkPile(s, located, dealtAt) {
	const r = s.rules;
	if (s.pileSize === 0) return null;
	let total = 0;
	let sets = 0;
	let setCards = 0;
	const seen = /* @__PURE__ */ new Set();
	for (let k = 0; k < s.pileSize; k++) {
		const c = s.pile[k];
		if (c >= 52 || seen.has(c)) return `pile place ${k} holds ${c < 52 ? cardCode(c) : c} twice or no card`;
		if (located[c] !== 255 || dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is on the pile and also ${located[c] !== 255 ? "in a slot" : "in the stock"}`;
		seen.add(c);
		if (k === s.pileSize - 1 && !(setCards === 0 ? total < r.pileSum : setCards === k && (sets & 128) === 0)) return "the pile could not go out before its top card; no card could have joined it";
		const bit = r.pileSetBit[c >> 2];
		if (bit === 0) total += (c >> 2) + 1;
		else {
			sets |= (sets & bit) !== 0 ? 128 : bit;
			setCards++;
		}
	}
	if (total !== s.pileTotal || sets !== s.pileSets || setCards !== s.pileSetCards) return `the pile's kept total ${s.pileTotal} and ranks do not match its cards (total ${total})`;
	if (setCards === 0 ? total === r.pileSum : sets === r.pileSetFull && setCards === s.pileSize) return `the pile (${Array.from(s.pile.subarray(0, s.pileSize), cardLabel).join(" ")}) goes out at once`;
	return null;
}
/** With a group pile: the removed number cards' values total a multiple of its sum, its set ranks removed alike. */
function checkPileRemovals(r, gone) {
	let total = 0;
	const sets = [];
	for (let rank = 0; rank < 13; rank++) {
		let k = 0;
		for (let u = 0; u < 4; u++) k += gone[rank * 4 + u];
		if (r.pileSetBit[rank] === 0) total += k * (rank + 1);
		else sets.push(k);
	}
	if (total % r.pileSum !== 0) return `the removed number cards total ${total}; they go out in groups of ${r.pileSum}`;
	if (sets.some((k) => k !== sets[0])) return `the removed ${oneOfEach(r.groupPile?.set ?? [], "and")} are not as many of each`;
	return null;
}
const NUMBER_WORDS = [
	"no",
	"one",
	"two",
	"three",
	"four"
];
/** Each card once in the deck, slot cards among the dealt ones, the lookups in step with the slots. */
function checkBookkeeping(s) {
	const r = s.rules;
	const order = checkDeckOrder(s.deck);
	if ("problem" in order) return order.problem;
	const { dealtAt } = order;
	if (!Number.isInteger(s.stockPos) || s.stockPos < r.dealtSlots || s.stockPos > r.deckSize) return `the stock holds ${r.deckSize - s.stockPos} cards; after the first deal at most ${r.deckSize - r.dealtSlots} are left`;
	const expected = /* @__PURE__ */ new Int32Array(15);
	const located = (/* @__PURE__ */ new Uint8Array(52)).fill(255);
	let empty = 0;
	for (let i = 0; i < r.slots; i++) {
		const c = s.slotCard[i];
		if (c === 255) {
			if (s.slotRank[i] !== 13) return `slot ${i} is empty but has rank ${s.slotRank[i]}`;
			expected[13] |= 1 << i;
			empty++;
			continue;
		}
		if (c >= 52) return `slot ${i} holds ${c}, not a card`;
		if (!r.deck.holds[c]) return `slot ${i} holds ${cardCode(c)}, not a card of this deck`;
		if (located[c] !== 255) return `card ${cardCode(c)} is in two slots`;
		if (dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is in slot ${i} and in the stock`;
		if (s.slotRank[i] !== c >> 2) return `slot ${i} holds ${cardCode(c)} but has rank ${s.slotRank[i]}`;
		located[c] = i;
		expected[c >> 2] |= 1 << i;
	}
	if (s.rankSlots[14] !== 0) return "the no-partner slot set is not empty";
	for (let k = 0; k <= 13; k++) if (expected[k] !== s.rankSlots[k]) return `the slot set of ${k === 13 ? "empty slots" : `rank ${RANKS[k]}`} is ${s.rankSlots[k].toString(2)}, the slots say ${expected[k].toString(2)}`;
	for (let c = 0; c < 52; c++) if (s.cardSlot[c] !== located[c]) return `card ${cardCode(c)} is looked up in slot ${s.cardSlot[c]}, but lies in ${located[c] === 255 ? "no slot" : `slot ${located[c]}`}`;
	let aside = 0;
	for (let f = 0; f < s.reserve.length; f++) {
		const c = s.reserve[f];
		if (c === 255) continue;
		if (r.oneRankReserves) {
			if (c >= 52 || r.setIndex[c >> 2] < 0 || c >> 2 !== s.reserve[0] >> 2 || s.reserve[f - 1] === 255) return `reserve ${f + 1} holds ${c < 52 ? cardCode(c) : c}: the reserves fill in order, one rank`;
		} else if (c >= 52 || c >> 2 !== r.setRanks[f]) return `the ${RANK_NAMES[r.setRanks[f]]} reserve holds ${c < 52 ? cardCode(c) : c}`;
		if (located[c] !== 255 || dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is set aside and also ${located[c] !== 255 ? "in a slot" : "in the stock"}`;
		aside++;
	}
	const counts = checkStockCounts(s.deck, s.stockPos, s.stockCount);
	if (counts) return counts;
	const pile = r.pileBase >= 0 ? checkPile(s, located, dealtAt) : s.pileSize === 0 ? null : "a pile without its rules";
	if (pile) return pile;
	const removed = s.stockPos - (r.slots - empty) - aside - s.pileSize;
	const where = s.reserve.length ? "the slots, reserves and stock" : "the slots and stock";
	if (s.removed !== removed) return `removed is ${s.removed}, ${where} leave ${removed}`;
	return null;
}
/** The removed and set-aside cards could have gone in legal moves, and the refill left no hole it would have filled. */
function checkRules(s) {
	const r = s.rules;
	const held = !reservesEmpty(s);
	if (held && !r.reserves) return `a card is set aside, but ${oneOfEach(r.setRanks, "and")} go out together from the grid`;
	if (held && s.reserve.every((c) => c !== 255)) return `the ${NUMBER_WORDS[s.reserve.length]} reserves are full; their set goes out at once`;
	if (r.sameSuit && held && s.reserve.some((c) => c !== 255 && (c & 3) !== reserveSuit(s))) return `the cards set aside are not of one suit (${Array.from(s.reserve).filter((c) => c !== 255).map(cardLabel).join(" ")})`;
	const paused = r.pauseRefill && held || s.pileSize > 0;
	const emptyGrid = s.rankSlots[13] & r.refillSlots;
	if (!r.buffered && !paused && s.stockPos < r.deckSize && emptyGrid !== 0) {
		const more = r.pauseRefill ? " and no card is set aside" : r.pileBase >= 0 ? " and the pile is empty" : "";
		return `a slot is empty while the stock holds ${r.deckSize - s.stockPos} cards${more}; it is refilled at once`;
	}
	const drawn = r.draws - s.drawsLeft;
	if (!Number.isInteger(s.drawsLeft) || drawn < 0 || drawn > r.draws) return `${s.drawsLeft} draws are left; a game has ${r.draws}`;
	if (drawn > s.stockPos - r.dealtSlots) return `${drawn} cards were drawn, but only ${s.stockPos - r.dealtSlots} left the stock`;
	if (r.extra >= 0 && drawn === 0 && s.slotCard[r.extra] !== 255) return "the extra slot holds a card, but none was drawn; only a draw fills it";
	if ((r.gather === 2 || r.gather === 3 && s.stockPos === r.deckSize) && cardsWouldMove(s)) return "a card lies after an empty slot; the cards close up after every removal";
	const gone = /* @__PURE__ */ new Uint8Array(52);
	for (const c of r.deck.cards) gone[c] = 1;
	for (let k = s.stockPos; k < r.deckSize; k++) gone[s.deck[k]] = 0;
	for (const c of s.slotCard) if (c !== 255) gone[c] = 0;
	for (const c of s.reserve) if (c !== 255) gone[c] = 0;
	for (let k = 0; k < s.pileSize; k++) gone[s.pile[k]] = 0;
	if (r.pileBase >= 0) return checkPileRemovals(r, gone);
	for (const suit of r.sameSuit ? [
		0,
		1,
		2,
		3
	] : [-1]) {
		const of = suit < 0 ? "" : ` of ${SUIT_NAMES[suit]}`;
		const goneOf = (rank) => {
			let n = 0;
			for (let u = 0; u < 4; u++) if (suit < 0 || u === suit) n += gone[rank * 4 + u];
			return n;
		};
		for (let rank = 0; rank < 13; rank++) {
			const k = goneOf(rank);
			const p = r.partner[rank];
			const words = `${RANK_WORDS[rank]}${of}`;
			if (p === rank && k % 2) return `${k} ${words} are removed; they go in pairs`;
			if (p !== 14 && p > rank && k !== goneOf(p)) return `${k} ${words} but ${goneOf(p)} ${RANK_WORDS[p]}${of} are removed; they go in pairs`;
			if (r.blockedRanks.includes(rank) && k > 0) return `${k} ${words} are removed; ${RANK_WORDS[rank]} are never removed here`;
			if (r.quartetRanks.includes(rank) && k !== 0 && k !== 4) return `${k} ${words} are removed; they go four at a time`;
		}
		const sets = Array.from(r.setRanks, goneOf);
		const notFour = r.setRanks.findIndex((rank) => goneOf(rank) % 4 !== 0);
		if (r.oneRankReserves && notFour >= 0) return `${sets[notFour]} ${RANK_WORDS[r.setRanks[notFour]]}${of} are removed; they go out four at a time`;
		if (!r.oneRankReserves && sets.some((k) => k !== sets[0])) {
			const counts = Array.from(r.setRanks, (rank, f) => `${sets[f]} ${RANK_WORDS[rank]}`);
			return `${`${counts.slice(0, -1).join(", ")} and ${counts[counts.length - 1]}${of}`} are removed; they go out one of each together`;
		}
	}
	return null;
}
function checkState$4(s) {
	return checkBookkeeping(s) ?? checkRules(s);
}
/**
* Changes to a state's JSON that no play could give (the fuzz tries them; `fromJSON` must refuse them):
* one card from the slots or the stock put among the removed ones alone, of a rank never removed alone.
*/
function slotInconsistencies(rules, game, rng) {
	if (!Array.isArray(game.tableau) || !Array.isArray(game.removed) || !Array.isArray(game.stock)) return [];
	const notAlone = (code) => code !== null && !rules.singleRanks.includes("A23456789TJQK".indexOf(code[0]));
	const changes = [];
	const tableau = game.tableau;
	const stock = game.stock;
	const removed = game.removed;
	const filled = tableau.flatMap((c, i) => notAlone(c) ? [i] : []);
	if (filled.length > 0) changes.push(() => {
		const i = filled[randomInt(rng, 0, filled.length - 1)];
		removed.push(tableau[i]);
		tableau[i] = null;
		return `the card of slot ${i} removed alone`;
	});
	const inStock = stock.flatMap((c, k) => notAlone(c) ? [k] : []);
	if (inStock.length > 0) changes.push(() => {
		const card = stock.splice(inStock[randomInt(rng, 0, inStock.length - 1)], 1)[0];
		removed.push(card);
		return `the stock card ${card} removed alone`;
	});
	return changes;
}
// src/env/layouts/slot-text.ts
const slotText = (s, i) => s.slotCard[i] === 255 ? "--" : cardLabel(s.slotCard[i]);
/** Which block an id is in. */
function blockOf(r, action) {
	if (action < r.pairCount) return "pair";
	if (action === r.dealId) return "deal";
	if (action === r.drawId) return "draw";
	if (r.pileBase >= 0 && action >= r.pileBase && action < r.pileEnd) return "pile";
	if (r.singleBase >= 0 && action < r.singleBase + r.slots) return "single";
	if (r.quartetBase >= 0 && action < r.quartetBase + r.quartetRanks.length) return "quartet";
	return r.tripleBase >= 0 ? "set" : "aside";
}
function describeAction$4(s, action) {
	const r = s.rules;
	switch (blockOf(r, action)) {
		case "pair": {
			const i = r.pairFirst[action];
			const j = r.pairSecond[action];
			if (s.slotCard[i] !== 255 && s.slotCard[j] !== 255) return `remove ${slotText(s, i)} + ${slotText(s, j)}`;
			return `remove slots ${i} + ${j} (${slotText(s, i)} + ${slotText(s, j)})`;
		}
		case "deal": return r.gather === 0 ? "deal" : consolidateText(s);
		case "draw": return `draw to the extra slot (${plural(s.drawsLeft, "draw")} left)`;
		case "single": {
			const i = action - r.singleBase;
			return s.slotCard[i] === 255 ? `remove slot ${i} (--)` : `remove ${slotText(s, i)}`;
		}
		case "quartet": return `remove four ${RANK_WORDS[r.quartetRanks[action - r.quartetBase]]}`;
		case "set": return `remove ${setCards(r, action).map(cardLabel).join(" ")}`;
		case "aside": {
			const i = action - r.asideBase;
			return s.slotCard[i] === 255 ? `set aside slot ${i} (--)` : `set ${cardLabel(s.slotCard[i])} aside`;
		}
		case "pile": {
			const i = action - r.pileBase;
			return s.slotCard[i] === 255 ? `put slot ${i} (--) on the pile` : `put ${cardLabel(s.slotCard[i])} on the pile`;
		}
	}
}
/** The group pile's cards, bottom first, and its number total where it holds no set card: "5♠ 3♦ (8)". */
function pileText$1(s) {
	if (s.pileSize === 0) return "--";
	const cards = Array.from(s.pile.subarray(0, s.pileSize), cardLabel).join(" ");
	return s.pileSetCards === 0 ? `${cards} (${s.pileTotal})` : cards;
}
/** Why the group pile can never go out, in a player's words. */
function deadPileText(s) {
	const r = s.rules;
	const set = oneOfEach(r.groupPile?.set ?? [], "and");
	if (s.pileSetCards === 0) return `the pile's cards make ${s.pileTotal}, past ${r.pileSum}: it can never go out`;
	if (s.pileSetCards < s.pileSize) return `the pile mixes number cards with ${set}: it can never go out`;
	return `the pile holds a rank twice; only ${set}, one of each, go out: it can never go out`;
}
/** The cards a consolidating deal moves: those after a gap, or below an empty slot of their column. */
function cardsToMove(s) {
	const r = s.rules;
	const moved = [];
	let gap = false;
	for (let i = 0; i < r.slots; i++) if (s.slotCard[i] === 255) gap = true;
	else if (r.gather === 4 ? i >= r.columns && s.slotCard[i - r.columns] === 255 : gap) moved.push(i);
	if (r.gather !== 4) return moved;
	for (let i = r.columns; i < r.slots; i++) if (s.slotCard[i] !== 255 && !moved.includes(i) && moved.includes(i - r.columns)) moved.push(i);
	return moved.sort((a, b) => a - b);
}
/** A consolidating deal in a player's words: "consolidate: 3 cards close the gaps, 4 dealt into the end slots". */
function consolidateText(s) {
	const up = s.rules.gather === 4;
	const moved = cardsToMove(s).length;
	const dealt = Math.min(countInSlots(s, 13), s.rules.deckSize - s.stockPos);
	const parts = [];
	if (moved > 0) parts.push(up ? `${plural(moved, "card")} rise up their columns` : `${plural(moved, "card")} close the gaps`);
	if (dealt > 0) parts.push(`${plural(dealt, "card")} dealt into the ${up ? "empty" : "end"} slots`);
	return `consolidate: ${parts.join(", ")}`;
}
/** Why two cards are not a pair, in a player's words: a rank never removed, each card's rank, the sum, the suits. */
function pairProblem(r, first, second) {
	const a = first >> 2;
	const b = second >> 2;
	if (r.partner[a] === b && (!r.sameSuit || (first & 3) === (second & 3))) return "it is legal";
	for (const card of [first, second]) if (r.blockedRanks.includes(card >> 2)) return r.pairNote[card >> 2](card);
	for (const card of [first, second]) {
		const note = r.pairNote[card >> 2](card);
		if (note) return note;
	}
	const sum = a + b + 2;
	if (sum !== r.pairSum) return `${cardLabel(first)} + ${cardLabel(second)} make ${sum}, not ${r.pairSum}`;
	return `${cardLabel(first)} and ${cardLabel(second)} are not of one suit`;
}
function whyIllegal$4(s, action) {
	const r = s.rules;
	if (s.legalCount === 0) return "the game is over";
	switch (blockOf(r, action)) {
		case "pair": {
			const i = r.pairFirst[action];
			const j = r.pairSecond[action];
			if (s.slotCard[i] === 255 || s.slotCard[j] === 255) return `slot ${s.slotCard[i] === 255 ? i : j} is empty`;
			const problem = pairProblem(r, s.slotCard[i], s.slotCard[j]);
			if (problem !== "it is legal" || (r.touching[i] >> j & 1) === 1) return problem;
			const where = r.touch === "line" ? "in one row or column" : "in touching slots";
			return `${slotText(s, i)} and ${slotText(s, j)} are not ${where}`;
		}
		case "deal":
			if (r.gather !== 0 && cardsWouldMove(s)) return "it is legal";
			if (s.stockPos === r.deckSize) return r.gather === 0 ? "the stock is empty" : "the stock is empty and no card would move";
			return s.rankSlots[13] === 0 ? "no slot is empty" : "it is legal";
		case "draw":
			if (s.drawsLeft === 0) return `no draw is left; a game has ${r.draws}`;
			if (s.slotCard[r.extra] !== 255) return `the extra slot holds ${cardLabel(s.slotCard[r.extra])}`;
			return s.stockPos === r.deckSize ? "the stock is empty" : "it is legal";
		case "single": {
			const i = action - r.singleBase;
			const card = s.slotCard[i];
			if (card === 255) return `slot ${i} is empty`;
			if (r.singleRanks.includes(card >> 2)) return "it is legal";
			const alone = RANK_WORDS[r.singleRanks[0]];
			return `${cardLabel(card)} is not ${oneOfEach(r.singleRanks, "or")}; only ${alone} go alone`;
		}
		case "quartet": {
			const rank = r.quartetRanks[action - r.quartetBase];
			if (r.blockedRanks.includes(rank)) return `${RANK_WORDS[rank]} are never removed`;
			const here = countInSlots(s, rank);
			return here === 4 ? "it is legal" : `only ${here} of the four ${RANK_WORDS[rank]} are in the slots`;
		}
		case "set": {
			const cards = setCards(r, action);
			const away = cards.filter((c) => s.cardSlot[c] === 255);
			if (away.length > 0) return `${away.map(cardLabel).join(" and ")} ${away.length === 1 ? "is" : "are"} not on the grid`;
			if (r.sameSuit && new Set(cards.map((c) => c & 3)).size > 1) return `${cards.map(cardLabel).join(" ")} are not of one suit`;
			return "it is legal";
		}
		case "aside": {
			const i = action - r.asideBase;
			const card = s.slotCard[i];
			if (card === 255) return `slot ${i} is empty`;
			const f = r.setRanks.indexOf(card >> 2);
			if (f < 0) return `${cardLabel(card)} is not ${oneOfEach(r.setRanks, "or")}`;
			if (r.oneRankReserves) {
				const heldRank = s.reserve[0] === 255 ? card >> 2 : s.reserve[0] >> 2;
				if (heldRank === card >> 2) return "it is legal";
				return `the cards set aside are ${RANK_WORDS[heldRank]}; ${cardLabel(card)} cannot join them`;
			}
			const held = s.reserve[f];
			if (held !== 255) return `a ${RANK_NAMES[card >> 2]} (${cardLabel(held)}) is already set aside`;
			const suit = reserveSuit(s);
			if (r.sameSuit && suit !== (card & 3)) return `the cards set aside are ${SUIT_NAMES[suit]}; ${cardLabel(card)} cannot join them`;
			return "it is legal";
		}
		case "pile": {
			const i = action - r.pileBase;
			if (s.slotCard[i] === 255) return `slot ${i} is empty`;
			return pileCanGoOut(s) ? "it is legal" : deadPileText(s);
		}
	}
}
function render$4(s) {
	const r = s.rules;
	const lines = [];
	for (let start = 0; start < r.dealtSlots; start += r.columns) {
		const cells = [];
		for (let i = start; i < Math.min(start + r.columns, r.dealtSlots); i++) cells.push(`${String(i).padStart(2)} ${slotText(s, i).padEnd(3)}`);
		lines.push(cells.join("  ").trimEnd());
	}
	if (r.extra >= 0) lines.push(`extra ${String(r.extra).padStart(2)} ${slotText(s, r.extra)}  (${plural(s.drawsLeft, "draw")} left)`);
	if (r.reserves) {
		const held = Array.from(r.oneRankReserves ? [
			"1",
			"2",
			"3",
			"4"
		] : Array.from(r.setRanks, (rank) => RANKS[rank]), (name, f) => `${name}: ${s.reserve[f] === 255 ? "--" : cardLabel(s.reserve[f])}`);
		lines.push(`set aside  ${held.join("  ")}`);
	}
	if (r.pileBase >= 0) lines.push(`pile  ${pileText$1(s)}`);
	const stock = r.deckSize - s.stockPos;
	lines.push(`stock ${plural(stock, "card")} · removed ${s.removed} · cards left ${r.deckSize - s.removed}`);
	if (s.legalCount === 0) lines.push(`game over: ${isWon$2(s) ? "won" : "lost"}, ${r.deckSize - s.removed} cards left`);
	return lines.join("\n");
}
/** What the last step did beyond its move: a set gone out from the reserves, or the refill paused. */
function stepNote$2(s) {
	if (s.note === 1) return `${Array.from(s.lastSet, cardLabel).join(" ")} went out together.`;
	if (s.note === 3) return `The pile went out: ${Array.from(s.pile.subarray(0, s.pileOut), cardLabel).join(" ")}.`;
	if (s.note === 2 && s.rules.pileBase >= 0) return "The empty slots stay empty until the pile goes out.";
	if (s.note === 2 && s.rules.oneRankReserves) return "The empty slots stay empty until four cards of one rank are set aside.";
	if (s.note === 2) return `The empty slots stay empty until ${oneOfEach(s.rules.setRanks, "and")} are all set aside.`;
	return null;
}
/** How the game ended, for a player: cleared, or the cards left. */
function endText$2(s) {
	const { won, cardsLeft } = outcome$4(s);
	const left = `${cardsLeft} card${cardsLeft === 1 ? "" : "s"} left`;
	if (won) return `Won! ${cardsLeft === 0 ? "Every card is cleared." : `${left}.`}`;
	if (s.rules.pileBase >= 0 && !pileCanGoOut(s)) return `No more moves: ${deadPileText(s)}. ${left}.`;
	return `No more moves: ${left}.`;
}
function slotSpot(s, index) {
	return {
		place: "slot",
		index,
		code: s.slotCard[index] === 255 ? "" : cardCode(s.slotCard[index])
	};
}
function actionCards$4(s, action) {
	const r = s.rules;
	switch (blockOf(r, action)) {
		case "pair": return [slotSpot(s, r.pairFirst[action]), slotSpot(s, r.pairSecond[action])];
		case "deal":
		case "draw": return [];
		case "single": return [slotSpot(s, action - r.singleBase)];
		case "quartet": {
			const rank = r.quartetRanks[action - r.quartetBase];
			const out = [];
			for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === rank) out.push(slotSpot(s, i));
			return out;
		}
		case "set": return setCards(r, action).map((c) => slotSpot(s, s.cardSlot[c]));
		case "aside": return [slotSpot(s, action - r.asideBase)];
		case "pile": return [slotSpot(s, action - r.pileBase)];
	}
}
const CONSOLIDATE_TITLE = "Tap to consolidate: the cards close up, then the stock fills the empty slots";
function board$4(s) {
	const r = s.rules;
	const cells = [];
	for (let i = 0; i < r.dealtSlots; i++) cells.push(s.slotCard[i] === 255 ? {
		empty: true,
		place: "slot",
		index: i
	} : slotSpot(s, i));
	const parts = [{
		kind: "grid",
		columns: r.columns,
		cells
	}];
	if (r.reserves) parts.push({
		kind: "columns",
		columns: Array.from(s.reserve, (_, f) => ({
			stack: f,
			label: r.oneRankReserves ? `reserve ${f + 1}` : `${RANK_NAMES[r.setRanks[f]]} set aside`,
			current: false,
			cleared: false,
			cards: s.reserve[f] === 255 ? [] : [{
				place: "reserve",
				index: f,
				code: cardCode(s.reserve[f])
			}]
		}))
	});
	if (r.pileBase >= 0) {
		const total = s.pileSize > 0 && s.pileSetCards === 0 ? ` (${s.pileTotal} of ${r.pileSum})` : "";
		parts.push({
			kind: "columns",
			columns: [{
				stack: 0,
				label: `pile${total}`,
				current: false,
				cleared: false,
				cards: Array.from(s.pile.subarray(0, s.pileSize), (c, index) => ({
					place: "pile",
					index,
					code: cardCode(c)
				}))
			}]
		});
	}
	const count = r.deckSize - s.stockPos;
	const piles = [r.gather !== 0 && r.buffered ? {
		kind: "stock",
		count,
		label: "stock",
		tappable: true,
		title: CONSOLIDATE_TITLE
	} : {
		kind: "stock",
		count,
		label: "stock",
		tappable: r.buffered || r.extra >= 0
	}];
	if (r.extra >= 0) piles.push({
		kind: "card",
		label: `extra slot, ${plural(s.drawsLeft, "draw")} left`,
		card: s.slotCard[r.extra] === 255 ? null : slotSpot(s, r.extra)
	});
	piles.push({
		kind: "counter",
		count: s.removed,
		label: "removed"
	});
	parts.push({
		kind: "piles",
		piles
	});
	return {
		style: "pairing",
		parts
	};
}
// src/env/layouts/slot-game.ts
/**
* A slot game from its declaration: `slotGame` joins the layout (slots.ts), its words (slot-text.ts)
* and its JSON (slot-json.ts) into one `Game`.
*/
/**
* The options every slot game takes, for its schema: undos per game, and the training reward, 1 for a
* win or 1 per card (its description says "removed" or "cleared", as the game says it).
*/
function slotOptionFields(cards) {
	return {
		undoLimit: (/* @__PURE__ */ _default$1(/* @__PURE__ */ literal$1([
			0,
			3,
			"unlimited"
		]), 0)).check(describe("Undos per game")),
		reward: (/* @__PURE__ */ _default$1(/* @__PURE__ */ _enum$1(["win", "cards"]), "win")).check(describe(`Training reward: 1 for a win, or per card ${cards}`))
	};
}
/** A `Game` from a slot game's declaration. */
function slotGame(spec) {
	const rulesOf = (o) => compileSlotRules({
		...spec.rules(o),
		rewardCards: o.reward === "cards",
		undoLimit: o.undoLimit
	});
	return {
		name: spec.name,
		rulesOf,
		...layoutGameParts(spec.optionsSchema, rulesOf, createState$4, observationBounds$4),
		copyState: copyState$4,
		parseDeck: (deck, o) => parseRankDeck(rulesOf(o).deck, deck),
		reset: (s, _o, rng, deck) => resetState$2(s, rng, deck),
		legalActions: legalActions$4,
		step: stepState$2,
		status: status$4,
		observe: observe$4,
		outcome: (s) => outcome$4(s),
		expectedReturn: (result, o) => {
			const { won, cardsLeft } = result;
			const r = rulesOf(o);
			return r.rewardCards ? r.deckSize - cardsLeft : won ? 1 : 0;
		},
		describeAction: (s, _o, action) => describeAction$4(s, action),
		whyIllegal: (s, _o, action) => whyIllegal$4(s, action),
		render: (s) => render$4(s),
		toJSON: (s) => toJSON$4(s),
		fromJSON: (json, _o, s) => fromJSON$4(json, s),
		checkState: (s) => checkState$4(s),
		sameOutcome: spec.sameOutcome ?? true,
		actionCards: (s, _o, action) => actionCards$4(s, action),
		moveKind: (s, _o, action) => {
			const block = blockOf(s.rules, action);
			if (block === "set") return s.rules.setRanks.length === 4 ? "quartet" : "triple";
			return block === "aside" || block === "pile" ? "single" : block;
		},
		prompt: (s) => s.legalCount === 0 || !spec.prompt ? "" : spec.prompt(s.rules),
		board: (s) => board$4(s),
		stepNote: (s) => stepNote$2(s),
		endText: (s) => endText$2(s),
		inconsistencies: (game, o, rng) => slotInconsistencies(rulesOf(o), game, rng)
	};
}
/** The options of a slot game that has none of its own: undos and the reward per card removed. */
const plainSlotOptionsSchema = /* @__PURE__ */ strictObject$1(slotOptionFields("removed"));
/** A `Game` from a plain slot game's declaration: `slotGame` with the plain options and fixed rules. */
function plainSlotGame(spec) {
	return slotGame({
		name: spec.name,
		optionsSchema: plainSlotOptionsSchema,
		rules: () => spec.rules,
		prompt: () => spec.prompt,
		sameOutcome: spec.sameOutcome ?? true
	});
}
// src/games/pairing/options.ts
/** The options Tens and Block Ten share, spread into each game's schema. */
const sharedOptionFields = {
	refill: (/* @__PURE__ */ _default$1(/* @__PURE__ */ _enum$1(["strict", "buffered"]), "strict")).check(describe("Refill empty slots at once (strict) or when you deal (buffered)")),
	...slotOptionFields("cleared")
};
const blockTenGame = slotGame({
	name: "block-ten",
	optionsSchema: /* @__PURE__ */ strictObject$1({ ...sharedOptionFields }),
	rules: (o) => ({
		slots: 9,
		columns: 3,
		pairSum: 10,
		sameRankPairs: [
			10,
			11,
			12
		],
		blocked: [9],
		refill: o.refill === "buffered" ? "on-deal" : "at-once"
	})
});
const tensGame = slotGame({
	name: "tens",
	optionsSchema: /* @__PURE__ */ strictObject$1({
		tableau: (/* @__PURE__ */ _default$1(/* @__PURE__ */ literal$1([13, 15]), 13)).check(describe("Slots on the table (15 is easier)")),
		refill: sharedOptionFields.refill,
		blockTens: (/* @__PURE__ */ _default$1(/* @__PURE__ */ boolean$1(), false)).check(describe("Tens stay on the table (Block Ten)")),
		highCards: (/* @__PURE__ */ _default$1(/* @__PURE__ */ _enum$1(["quartets", "reserves"]), "quartets")).check(describe("10s, Js, Qs, Ks: four of a rank at once, or set aside one at a time (PySolFC)")),
		undoLimit: sharedOptionFields.undoLimit,
		reward: sharedOptionFields.reward
	}),
	sameOutcome: (o) => o.highCards === "quartets",
	rules: (o) => ({
		slots: o.tableau,
		columns: 5,
		pairSum: 10,
		quartets: o.highCards === "quartets" ? [
			9,
			10,
			11,
			12
		] : [],
		sets: o.highCards === "reserves" ? {
			ranks: o.blockTens ? [
				10,
				11,
				12
			] : [
				9,
				10,
				11,
				12
			],
			how: "reserve-no-refill",
			oneRank: true
		} : void 0,
		blocked: o.blockTens ? [9] : [],
		refill: o.refill === "buffered" ? "on-deal" : "at-once"
	})
});
// src/games/pairing/index.ts
const TENS = "Tens: remove pairs summing to 10 and quartets of 10/J/Q/K from a 13- or 15-card tableau";
const RESERVES = "Tens as PySolFC plays it: 10s, Js, Qs, Ks set aside one at a time, four of a rank, no refill meanwhile";
const BLOCK_TEN = "Block Ten: 3×3 tableau, pairs summing to 10 or matching J/Q/K; tens block their slot";
registerModule({
	game: tensGame,
	ids: [{
		id: "tens",
		title: "Tens",
		description: TENS
	}, {
		id: "tens-reserves",
		title: "Tens with reserves",
		preset: { highCards: "reserves" },
		description: RESERVES
	}],
	kit: {
		variantDifficulty: { tens: {
			easy: { tableau: 15 },
			medium: {},
			hard: { blockTens: true }
		} },
		agents: [slotPatientSpec([tensGame], (env) => env.options.highCards === "reserves")],
		simpleBaseline: "patient",
		hintBaseline: (_env, baseline) => baseline("patient", "the exact optimum: a card goes aside only when all four of its rank are in sight"),
		ladders: { "tens-reserves": {
			deals: 3e3,
			seed: 1,
			commands: ["tengym eval --env tens-reserves --agents random,first,patient --episodes 3000 --seed 1 --reference patient"],
			wins: {
				random: 0,
				first: 73,
				patient: 275
			}
		} }
	}
}, { shipped: true });
registerModule({
	game: blockTenGame,
	ids: [{
		id: "block-ten",
		title: "Block Ten",
		description: BLOCK_TEN
	}]
}, { shipped: true });
// src/env/layouts/line-rule.ts
/**
* The run rule of a line game: which runs of adjacent cards leave the line. A line engine takes one
* as a declaration (what a card counts, which totals discard, how long a run may be) and compiles it
* into its action ids and observation, so a new line game is a rule, not a second engine.
*
* Action ids: 0 draws; the run of L cards starting at position s (0 = the oldest card) is
* `1 + s·lengths + (L − shortest)`, where `lengths = longest − shortest + 1`.
*/
/** Run lengths per start position in the action ids. */
function lengthsOf(rule) {
	return rule.longest - rule.shortest + 1;
}
/** How many action ids the rule has: the draw, and one per start and length. */
function lineActions(rule) {
	return 1 + 52 * lengthsOf(rule);
}
/** The id of the run of `length` cards starting at `start`. */
function lineRunId(rule, start, length) {
	return 1 + start * lengthsOf(rule) + (length - rule.shortest);
}
/** The start position of run id `action` (≥ 1). */
function lineRunStart(rule, action) {
	return (action - 1) / lengthsOf(rule) | 0;
}
/** The length of run id `action` (≥ 1). */
function lineRunLength(rule, action) {
	return (action - 1) % lengthsOf(rule) + rule.shortest;
}
/** A table of the totals 0 … maxTotal that discard. */
function totalsTable(maxTotal, discards) {
	const t = new Uint8Array(maxTotal + 1);
	for (let v = 1; v <= maxTotal; v++) if (discards(v)) t[v] = 1;
	return t;
}
/** Cards per value in a standard deck under `value`. */
function cardsPerValue(value, values) {
	const counts = new Int32Array(values + 1);
	for (const v of value) counts[v]++;
	return counts;
}
/** `changedFrom` when nothing changed: past every position. */
const UNCHANGED = 52;
/**
* Notes that the line changed from position `from` on, keeping its last `tail` cards (−1: not known). A second
* change before the next listing leaves the kept tail to be found by comparing.
*/
function noteLineChange(memo, from, tail) {
	memo.keptTail = memo.changedFrom === UNCHANGED ? tail : -1;
	if (from < memo.changedFrom) memo.changedFrom = from;
}
/** Notes a change the engine does not follow (a reset, a copied or loaded state): the next listing compares. */
function forgetLineChanges(memo) {
	memo.changedFrom = -1;
	memo.keptTail = -1;
}
const startTables = /* @__PURE__ */ new WeakMap();
/** The start position of every run id of `rule` (0 for the draw), made once per rule. */
function startTable(rule) {
	let table = startTables.get(rule);
	if (table === void 0) {
		table = new Uint8Array(lineActions(rule));
		for (let id = 1; id < table.length; id++) table[id] = lineRunStart(rule, id);
		startTables.set(rule, table);
	}
	return table;
}
function createLineRunMemo(rule) {
	return {
		line: /* @__PURE__ */ new Uint8Array(52),
		length: 0,
		runs: new Uint16Array(lineActions(rule)),
		runCount: 0,
		options: null,
		startOf: startTable(rule),
		changedFrom: -1,
		keptTail: -1,
		good: null,
		totals: /* @__PURE__ */ new Int32Array(0),
		topTotal: 0
	};
}
/** The discarding totals of a `good` table in increasing order, made once per table. */
const goodTotalsOf = /* @__PURE__ */ new WeakMap();
function goodTotals(good) {
	let totals = goodTotalsOf.get(good);
	if (totals === void 0) {
		const list = [];
		for (let t = 1; t < good.length; t++) if (good[t] === 1) list.push(t);
		totals = Int32Array.from(list);
		goodTotalsOf.set(good, totals);
	}
	return totals;
}
/**
* Scratch of a long scan: the running total before each position (prefix[i − from]), and for each total the
* position where a run from `from` reaches it (255: none). Every card counts at least 1, so the totals rise and
* each total has at most one position. Scans never nest, so one scratch serves every line.
*/
const prefix = /* @__PURE__ */ new Int32Array(53);
let positionAt = (/* @__PURE__ */ new Uint8Array(833)).fill(255);
/**
* A scan of this many starts or more looks the totals up, when runs may hold more cards than there are
* discarding totals (Decade's up to 14 cards against 3 totals); else it adds card by card (Seven Up's 4 cards).
*/
const LOOKUP_SCAN = 8;
/**
* Appends the ids of the runs starting at positions from … to − 1 of line[base, base + n); returns the new count.
* A run is not followed past `topTotal`, the largest total that discards.
*/
function scanStarts(rule, good, topTotal, minRun, maxRun, line, base, n, from, to, mask, legal, count) {
	const value = rule.value;
	const lengths = lengthsOf(rule);
	const idBase = 1 - rule.shortest;
	for (let st = from; st < to && st + minRun <= n; st++) {
		const end = Math.min(st + maxRun, n);
		let sum = 0;
		for (let i = st; i < end; i++) {
			sum += value[line[base + i]];
			if (sum > topTotal) break;
			const length = i - st + 1;
			if (length >= minRun && good[sum] === 1) {
				const id = idBase + st * lengths + length;
				mask[id] = 1;
				legal[count++] = id;
			}
		}
	}
	return count;
}
/**
* `scanStarts` for many starts: a run from st to i totals prefix[i + 1] − prefix[st], so each discarding total
* is one lookup of the position its prefix is at, in place of adding card by card. The same ids in the same order.
*/
function lookupStarts(rule, totals, minRun, maxRun, line, base, n, from, to, mask, legal, count) {
	const value = rule.value;
	const lengths = lengthsOf(rule);
	const idBase = 1 - rule.shortest;
	const last = Math.min(n, to - 1 + maxRun);
	const most = (last - from) * rule.values;
	if (positionAt.length <= most) positionAt = new Uint8Array(most + 1).fill(255);
	let sum = 0;
	for (let i = from; i < last; i++) {
		prefix[i - from] = sum;
		sum += value[line[base + i]];
		positionAt[sum] = i;
	}
	prefix[last - from] = sum;
	const stop = Math.min(to, n - minRun + 1);
	for (let st = from; st < stop; st++) {
		const before = prefix[st - from];
		for (let g = 0; g < totals.length; g++) {
			const reach = before + totals[g];
			if (reach > sum) break;
			const at = positionAt[reach];
			if (at === 255) continue;
			const length = at - st + 1;
			if (length < minRun) continue;
			if (length > maxRun) break;
			const id = idBase + st * lengths + length;
			mask[id] = 1;
			legal[count++] = id;
		}
	}
	for (let i = from; i < last; i++) positionAt[prefix[i - from + 1]] = 255;
	return count;
}
/**
* The runs of a straight line line[base, base + n), appended to legal from `count` and set in mask, in order of
* start, then length; returns the new count. The same ids as a scan of every start, found by scanning only the
* starts whose runs reach the stretch where the line differs from `memo`, which then holds this line.
* What changed is read from the changes noted in `memo` (`noteLineChange`), else found by comparing.
*/
function straightLineRuns(rule, memo, options, good, minRun, maxRun, line, base, n, mask, legal, count) {
	const first = count;
	const changedFrom = memo.changedFrom;
	const keptTail = memo.keptTail;
	const old = memo.line;
	if (memo.good !== good) {
		memo.good = good;
		memo.totals = goodTotals(good);
		memo.topTotal = memo.totals.length > 0 ? memo.totals[memo.totals.length - 1] : 0;
	}
	const topTotal = memo.topTotal;
	const m = memo.options === options ? memo.length : 0;
	const kept = memo.options === options ? memo.runCount : 0;
	const shorter = Math.min(n, m);
	let a = 0;
	if (changedFrom >= 0) a = Math.min(changedFrom, shorter);
	else while (a < shorter && old[a] === line[base + a]) a++;
	let b = 0;
	if (changedFrom >= 0 && keptTail >= 0) b = Math.min(keptTail, shorter - a);
	else while (b < shorter - a && old[m - 1 - b] === line[base + n - 1 - b]) b++;
	let lo = a;
	for (let sum = 0; lo > 0; lo--) {
		sum += rule.value[line[base + lo - 1]];
		if (sum > topTotal) break;
	}
	const lengths = lengthsOf(rule);
	const startOf = memo.startOf;
	let k = 0;
	for (; k < kept; k++) {
		const id = memo.runs[k];
		if (startOf[id] >= lo) break;
		mask[id] = 1;
		legal[count++] = id;
	}
	count = n - b - lo >= LOOKUP_SCAN && maxRun > memo.totals.length ? lookupStarts(rule, memo.totals, minRun, maxRun, line, base, n, lo, n - b, mask, legal, count) : scanStarts(rule, good, topTotal, minRun, maxRun, line, base, n, lo, n - b, mask, legal, count);
	const oldEnd = m - b;
	const shift = (n - m) * lengths;
	for (; k < kept; k++) {
		const id = memo.runs[k];
		if (startOf[id] < oldEnd) continue;
		mask[id + shift] = 1;
		legal[count++] = id + shift;
	}
	if (b > 0 && n !== m) {
		const by = m - n;
		if (b > 16) old.copyWithin(n - b, m - b, m);
		else if (by > 0) for (let i = n - b; i < n; i++) old[i] = old[i + by];
		else for (let i = n - 1; i >= n - b; i--) old[i] = old[i + by];
	}
	for (let i = a; i < n - b; i++) old[i] = line[base + i];
	memo.length = n;
	for (let i = first; i < count; i++) memo.runs[i - first] = legal[i];
	memo.runCount = count - first;
	memo.options = options;
	memo.changedFrom = UNCHANGED;
	return count;
}
// src/games/decade/engine.ts
/**
* Decade (`decade`) and its family: `decade-open`, `decade-optional`, `decade-max3`, `decade-loop`,
* `decade-fives`, `decade-stacks` and `ten-twenty-thirty` are option presets over this
* one engine (docs/rules.md, "Decade" and "Ten-Twenty-Thirty").
*
* Cards are dealt from the stock to the right end of a line (or, with seven stacks, onto
* the stacks in rotation). A run of at least `minRun` consecutive cards of the current
* line or stack whose values total 10, 20 or 30 may be discarded; the gap closes. Values:
* A=1 … 9, T/J/Q/K=10. Fewer cards left is better; none left wins.
*
* ## Options
*
* | option     | values                         | default     | meaning |
* |------------|--------------------------------|-------------|---------|
* | `stacks`   | 1, 7                           | 1           | one line, or seven stacks dealt in rotation (stack k starts with deck[k]); a stack emptied by a discard is eliminated and skipped from then on. The single line is never eliminated: an emptied line receives the next card |
* | `minRun`   | integer 2..14                  | 2           | fewest cards in a run (no run can be longer than 14) |
* | `maxRun`   | integer ≥ `minRun`, or null    | null        | most cards in a run; null = unlimited (in effect 14). 3 is the traditional "at most three" variant |
* | `loop`     | boolean                        | false       | each line or stack is a loop: runs may wrap around the ends and must include the top card (the one placed last) |
* | `fives`    | boolean                        | false       | totals 5, 15, 25 and 35 also discard |
* | `discard`  | 'forced', 'optional'           | 'forced'    | forced: drawing is legal only when no run is; optional: the player may draw instead |
* | `pickedUp` | 'discard', 'deck-bottom'       | 'discard'   | where discarded cards go; 'deck-bottom' puts them under the stock, oldest position first (classic 10-20-30) |
* | `win`      | 'empty', 'one-left'            | 'empty'     | a finished game with 0 (or at most 1) cards on the table is won |
* | `maxSteps` | integer 1..100000              | 5000        | actions since reset before the episode is truncated (capped: with 'deck-bottom' a game can cycle) |
* | `reward`   | 'win', 'cards'                 | 'win'       | +1 on the last step of a won game, or +L for every run of L cards discarded |
* | `dealAll`  | boolean, or left out           | left out    | true: all 52 cards are dealt face up in the line at the start, and there is no stock (one line only). Absent rather than false by default, so the options of the ids without it read as before |
*
* ## Actions (677 ids)
*
* | id                        | action |
* |---------------------------|--------|
* | 0                         | draw: the stock's top card goes to the right end of the line (7 stacks: onto the next live stack in rotation after the current one) |
* | 1 + s*13 + (L-2)          | discard the run of L cards (2 ≤ L ≤ 14) starting at position s (0 ≤ s ≤ 51; 0 = the oldest card) of the current line or stack |
*
* The current stack is the one that received the last card (stack 6 right after the deal).
* Without `loop` a run is any window s … s+L-1. With `loop` it covers positions s, s+1, …,
* s+L-1 modulo the stack length n, must include the top card (position n-1), and a run of
* the whole stack has only the id with s = 0. Example (loop, maxRun 3): in 4 8 3 3 J 6 the
* run J 6 4 (20) is s = 4, L = 3: id 54. Draw is legal iff the stock is not empty, a stack
* is live and (`discard: 'optional'` or no run is legal).
*
* ## Observation (Float32Array of 523*S + 12 floats; S = `stacks`: 535 or 3673)
*
* | index                       | meaning |
* |-----------------------------|---------|
* | [0, 520*S)                  | card values: stack k, position p (0 = oldest) is the 10-way one-hot at (k*52 + p)*10 + (value-1); all zero past the stack's end. Suits never matter, so only values are shown |
* | [520*S, 521*S)              | cards in stack k / 52 |
* | [521*S, 522*S)              | 1 if stack k is eliminated (always 0 with one stack) |
* | [522*S, 523*S)              | 1 at the current stack (the one that received the last card) |
* | [523*S, 523*S+10)           | stock composition: cards of value v = 1..10 in the stock / (4 for 1..9, 16 for 10) |
* | 523*S+10                    | stock size / 52 |
* | 523*S+11                    | steps taken / maxSteps |
*
* Bounds (`observationBounds`), D = cards the deal puts on the table (3 on a line, 7 on stacks, 52 with `dealAll`):
*
* | index                       | low | high | why |
* |-----------------------------|-----|------|-----|
* | [0, 520*S), [520*S, 521*S)  | 0   | 1    | one-hots; a stack holds 52 cards at most |
* | [521*S, 523*S)              | 0   | 1    | flags (on one line always 0 and 1, bounded as flags all the same: a feature whose low equals its high makes Gymnasium warn, and divides by zero in a (x − low)/(high − low) scaling) |
* | [523*S, 523*S+10)           | 0   | 1    | a value none of whose cards were dealt has all of them in the stock |
* | 523*S+10                    | 0   | max(52 − D, 1)/52, or 1 with 'deck-bottom' | the deal leaves 52 − D; picked-up cards going under the stock can bring back all 52. With `dealAll` the stock is always empty, and 1/52 keeps the range from being empty |
* | 523*S+11                    | 0   | min(maxSteps, 52 − D + ⌊52/minRun⌋)/maxSteps, or 1 with 'deck-bottom' | the episode is truncated at maxSteps; without 'deck-bottom' a game has at most 52 − D draws and ⌊52/minRun⌋ discards |
*
* The stock's order is hidden, only its composition is shown. With 'deck-bottom' the order
* of the picked-up cards under the stock could be remembered by a player; the observation
* still shows only the composition (an agent that wants the order must keep it itself).
*
* ## Rewards
*
* 'win': +1 on the step that ends a won game, else 0. 'cards': +L for a discarded run of L
* cards, 0 for a draw (with 'deck-bottom' a card can count again).
*
* ## Episode end
*
* Terminated when no action is legal (with 7 stacks this includes every stack eliminated).
* Truncated when `maxSteps` actions have been taken and the game has not ended; a step that
* both ends the game and reaches the limit is terminated. A truncated game is never won.
* Outcome: `cardsLeft` = cards on the table; `won` = terminated with `cardsLeft` = 0
* ('empty') or ≤ 1 ('one-left'). With one stack the game can only end with the stock empty,
* so 'empty' then means all 52 cards discarded. With 7 stacks, the game is won when every
* stack is eliminated (the traditional rule), even if undealt cards remain in the stock; with
* 'deck-bottom' that is the only way to win (the picked-up cards are all in the stock), and
* with one stack and 'deck-bottom' the game can never be won.
*
* The run rule (what a card counts, the totals that discard, the run lengths and so the action ids and the
* one-hot width) is a declaration, `DECADE_RULE` (src/env/layouts/line-rule.ts); `lineGame` builds a line game
* from another rule and options schema, as Seven Up does (src/games/seven-up/engine.ts).
*
* Past 600 lines on purpose: one hot path serves eight ids, whose options meet in the same loops; split, each
* option's code would be spread over files.
*/
/** Positions per stack: one stack may, in the worst case, hold every card. */
const SLOTS$2 = 52;
const LENGTHS_PER_START = 13;
/** Action ids: 0 draws, the rest are runs (`runActionId`); one more than the largest id. */
const DECADE_ACTIONS = 677;
/** Card value by card code: A=1 … 9, T/J/Q/K=10. */
const CARD_VALUE = Uint8Array.from({ length: 52 }, (_, c) => Math.min((c >> 2) + 1, 10));
const TENS_TOTALS = totalsTable(35, (t) => t % 10 === 0);
const FIVES_TOTALS = totalsTable(35, (t) => t % 5 === 0);
/** good[t] = 1 when a run totalling t (0..MAX_RUN_TOTAL) discards under these options. Shared: do not write to it. */
function runTotals(o) {
	return o.fives ? FIVES_TOTALS : TENS_TOTALS;
}
/** Decade's run rule: values capped at 10, totals 10, 20, 30 (with `fives` every multiple of 5), 2 to 14 cards. */
const DECADE_RULE = {
	value: CARD_VALUE,
	values: 10,
	perValue: cardsPerValue(CARD_VALUE, 10),
	shortest: 2,
	longest: 14,
	maxTotal: 35,
	good: (o) => runTotals(o),
	totalsText: (o) => o.fives ? "5, 10, 15, 20, 25, 30 or 35" : "10, 20 or 30",
	stepsWithoutCycles: 78
};
/** The most `maxSteps` takes: a cycling game runs to it in well under a second on one core. */
const MAX_STEPS_CAP$2 = 1e5;
/** An option with its default and the words a form labels it with. */
const decadeOption = (schema, value, description) => (/* @__PURE__ */ _default$1(schema, value)).check(describe(description));
/** Decade's option fields, before the checks across them: another line game's schema starts from them. */
const decadeOptionFields = /* @__PURE__ */ strictObject$1({
	stacks: decadeOption(/* @__PURE__ */ literal$1([1, 7]), 1, "One line of cards, or seven stacks"),
	minRun: decadeOption(int$1().check(/* @__PURE__ */ _gte(2), /* @__PURE__ */ _lte(14, { error: `minRun must be at most 14: no 15 cards total 35 or less` })), 2, "Fewest cards in a discard"),
	maxRun: decadeOption(/* @__PURE__ */ nullable$1(int$1().check(/* @__PURE__ */ _gte(2))), null, "Most cards in a discard (empty: no limit)"),
	loop: decadeOption(/* @__PURE__ */ boolean$1(), false, "A discard may wrap around the ends"),
	fives: decadeOption(/* @__PURE__ */ boolean$1(), false, "Totals of 5, 15, 25 and 35 discard too"),
	discard: decadeOption(/* @__PURE__ */ _enum$1(["forced", "optional"]), "forced", "A possible discard must be made (forced), or may wait (optional)"),
	pickedUp: decadeOption(/* @__PURE__ */ _enum$1(["discard", "deck-bottom"]), "discard", "Discarded cards leave the game, or go under the stock"),
	win: decadeOption(/* @__PURE__ */ _enum$1(["empty", "one-left"]), "empty", "Won with no card left, or with one at most"),
	maxSteps: decadeOption(int$1().check(/* @__PURE__ */ _gte(1), /* @__PURE__ */ _lte(MAX_STEPS_CAP$2, { error: `maxSteps must be at most ${MAX_STEPS_CAP$2}: with 'deck-bottom' a game can cycle until the limit, through forced moves alone` })), 5e3, "Moves before the game is stopped"),
	reward: decadeOption(/* @__PURE__ */ _enum$1(["win", "cards"]), "win", "Training reward: 1 for a win, or per card cleared"),
	dealAll: /* @__PURE__ */ optional$1((/* @__PURE__ */ boolean$1()).check(describe("All 52 cards dealt face up at the start, no stock")))
});
const decadeOptionsSchema = decadeOptionFields.check(lineOptionsCheck());
/** The checks across a line game's options: the run bounds in order, a whole deal on one line only. */
function lineOptionsCheck() {
	return /* @__PURE__ */ superRefine$1((o, ctx) => {
		if (o.maxRun !== null && o.maxRun < o.minRun) ctx.addIssue({
			code: "custom",
			path: ["maxRun"],
			message: `maxRun (${o.maxRun}) must be null or at least minRun (${o.minRun})`
		});
		if (o.dealAll === true && o.stacks !== 1) ctx.addIssue({
			code: "custom",
			path: ["dealAll"],
			message: "dealAll deals every card into one line: it needs stacks 1"
		});
	}, { when: (payload) => payload.issues.length === 0 });
}
/** The id of the run of `length` cards starting at position `start` (the action table above). */
function runActionId(start, length) {
	return 1 + start * LENGTHS_PER_START + (length - 2);
}
/** The start position of run id `action` (≥ 1). */
function runStartOf(action) {
	return (action - 1) / LENGTHS_PER_START | 0;
}
/** The length of run id `action` (≥ 1). */
function runLengthOf(action) {
	return (action - 1) % LENGTHS_PER_START + 2;
}
/** The most cards a run may have under these options. */
function maxRunLength(o, longest = 14) {
	return o.maxRun === null ? longest : Math.min(o.maxRun, longest);
}
/** Cards the deal puts on the table: one on each of 7 stacks, three on a line, all 52 with `dealAll`. */
function initialDealt(o) {
	if (o.dealAll === true) return 52;
	return o.stacks === 7 ? 7 : 3;
}
function createState$3(o, rule) {
	return {
		rule,
		numStacks: o.stacks,
		table: new Uint8Array(o.stacks * SLOTS$2),
		len: /* @__PURE__ */ new Int32Array(7),
		alive: /* @__PURE__ */ new Uint8Array(7),
		aliveCount: 0,
		current: 0,
		tableCount: 0,
		stock: /* @__PURE__ */ new Uint8Array(52),
		stockHead: 0,
		stockLen: 0,
		stockValues: new Int32Array(rule.values + 1),
		pile: /* @__PURE__ */ new Uint8Array(52),
		pileLen: 0,
		steps: 0,
		status: 0,
		deck: /* @__PURE__ */ new Uint8Array(52),
		obsOut: null,
		obsLen: /* @__PURE__ */ new Int32Array(7),
		obsFrom: /* @__PURE__ */ new Int32Array(7),
		obsTail: (/* @__PURE__ */ new Int32Array(7)).fill(-1),
		obsHot: new Int8Array(o.stacks * SLOTS$2).fill(-1),
		runMemo: createLineRunMemo(rule)
	};
}
function copyState$3(src, dst) {
	dst.numStacks = src.numStacks;
	dst.table.set(src.table);
	dst.len.set(src.len);
	dst.alive.set(src.alive);
	dst.aliveCount = src.aliveCount;
	dst.current = src.current;
	dst.tableCount = src.tableCount;
	dst.stock.set(src.stock);
	dst.stockHead = src.stockHead;
	dst.stockLen = src.stockLen;
	dst.stockValues.set(src.stockValues);
	dst.pile.set(src.pile);
	dst.pileLen = src.pileLen;
	dst.steps = src.steps;
	dst.status = src.status;
	dst.obsOut = null;
	forgetLineChanges(dst.runMemo);
}
/** Empties the table, stock and pile. */
function clearState(s) {
	s.len.fill(0);
	s.alive.fill(0);
	s.stockValues.fill(0);
	s.tableCount = 0;
	s.stockHead = 0;
	s.stockLen = 0;
	s.pileLen = 0;
	s.steps = 0;
	s.status = 0;
	s.aliveCount = s.numStacks;
	for (let k = 0; k < s.numStacks; k++) s.alive[k] = 1;
	s.obsFrom.fill(0);
	s.obsTail.fill(-1);
	forgetLineChanges(s.runMemo);
}
/**
* Records that stack k changed from position p on, keeping its last `tail` cards as they were (observe rewrites
* only what changed; the line's runs are listed again only where they can reach it).
*/
function markChanged(s, k, p, tail) {
	s.obsTail[k] = s.obsFrom[k] === SLOTS$2 ? tail : -1;
	if (p < s.obsFrom[k]) s.obsFrom[k] = p;
	noteLineChange(s.runMemo, p, tail);
}
function pushToStack(s, k, card) {
	markChanged(s, k, s.len[k], 0);
	s.table[k * SLOTS$2 + s.len[k]] = card;
	s.len[k]++;
	s.tableCount++;
}
function pushUnderStock(s, card) {
	s.stock[(s.stockHead + s.stockLen) % 52] = card;
	s.stockLen++;
	s.stockValues[s.rule.value[card]]++;
}
function reset$1(s, o, rng, deck) {
	const d = s.deck;
	if (deck) d.set(deck);
	else {
		orderedDeck(d);
		shuffleInPlace(rng, d);
	}
	clearState(s);
	const dealt = initialDealt(o);
	for (let i = 0; i < dealt; i++) pushToStack(s, o.stacks === 7 ? i : 0, d[i]);
	for (let i = dealt; i < 52; i++) pushUnderStock(s, d[i]);
	s.current = o.stacks - 1;
}
function parseDeck$1(deck) {
	return parseStandardDeck(deck);
}
function addLegal(mask, legal, count, id) {
	mask[id] = 1;
	legal[count] = id;
	return count + 1;
}
/**
* Runs of the current stack: on a straight line any window; on a loop those that include the top card (position n-1),
* the whole stack only as s = 0. Appends ids from legal[count]; returns the new count.
*/
function stackRuns(s, o, mask, legal, count) {
	const base = s.current * SLOTS$2;
	const n = s.len[s.current];
	const t = s.table;
	const rule = s.rule;
	const value = rule.value;
	const maxTotal = rule.maxTotal;
	const good = rule.good(o);
	const lengths = lengthsOf(rule);
	const idBase = 1 - rule.shortest;
	const minRun = o.minRun;
	const maxLen = maxRunLength(o, rule.longest);
	if (!o.loop && s.numStacks === 1) return straightLineRuns(rule, s.runMemo, o, good, minRun, maxLen, t, base, n, mask, legal, count);
	if (!o.loop) {
		for (let st = 0; st + minRun <= n; st++) {
			const end = Math.min(st + maxLen, n);
			let sum = 0;
			for (let i = st; i < end; i++) {
				sum += value[t[base + i]];
				if (sum > maxTotal) break;
				const length = i - st + 1;
				if (length >= minRun && good[sum] === 1) count = addLegal(mask, legal, count, idBase + st * lengths + length);
			}
		}
		return count;
	}
	if (n < minRun) return count;
	if (n <= maxLen) {
		let sum = 0;
		for (let i = 0; i < n; i++) sum += value[t[base + i]];
		if (sum <= maxTotal && good[sum] === 1) count = addLegal(mask, legal, count, idBase + n);
	}
	const longest = Math.min(maxLen, n - 1);
	for (let st = Math.max(1, n - longest); st < n; st++) {
		let sum = 0;
		for (let i = st; i < n; i++) sum += value[t[base + i]];
		let length = n - st;
		let wrap = 0;
		while (sum <= maxTotal) {
			if (length >= minRun && good[sum] === 1) count = addLegal(mask, legal, count, idBase + st * lengths + length);
			if (length >= longest) break;
			sum += value[t[base + wrap]];
			wrap++;
			length++;
		}
	}
	return count;
}
function legalActions$3(s, o, mask, legal) {
	mask.fill(0);
	const canDraw = s.stockLen > 0 && s.aliveCount > 0;
	const optional = o.discard === "optional";
	let count = 0;
	if (canDraw && optional) count = addLegal(mask, legal, count, 0);
	count = stackRuns(s, o, mask, legal, count);
	if (canDraw && !optional && count === 0) count = addLegal(mask, legal, count, 0);
	if (count > 0 && s.steps >= o.maxSteps) {
		mask.fill(0);
		s.status = 2;
		return 0;
	}
	s.status = count === 0 ? 1 : 0;
	return count;
}
function status$3(s) {
	return s.status;
}
/** The live stack after `from` in rotation (from itself when it is the only one); -1 if none. */
function nextLiveStack(s, from) {
	if (s.numStacks === 1) return 0;
	for (let i = 1; i <= 7; i++) {
		const k = (from + i) % 7;
		if (s.alive[k] === 1) return k;
	}
	return -1;
}
function draw(s) {
	const card = s.stock[s.stockHead];
	s.stockHead = (s.stockHead + 1) % 52;
	s.stockLen--;
	s.stockValues[s.rule.value[card]]--;
	const k = nextLiveStack(s, s.current);
	pushToStack(s, k, card);
	s.current = k;
}
function pickUp(s, o, card) {
	if (o.pickedUp === "deck-bottom") pushUnderStock(s, card);
	else s.pile[s.pileLen++] = card;
}
/** Removes the run (start, length) from the current stack, oldest position first; closes the gap. */
function discardRun(s, o, start, length) {
	const k = s.current;
	const base = k * SLOTS$2;
	const n = s.len[k];
	const t = s.table;
	const end = start + length;
	markChanged(s, k, end <= n ? start : 0, end <= n ? n - end : -1);
	if (end <= n) {
		for (let i = start; i < end; i++) pickUp(s, o, t[base + i]);
		for (let i = end; i < n; i++) t[base + i - length] = t[base + i];
	} else {
		const wrapped = end - n;
		for (let i = 0; i < wrapped; i++) pickUp(s, o, t[base + i]);
		for (let i = start; i < n; i++) pickUp(s, o, t[base + i]);
		for (let i = wrapped; i < start; i++) t[base + i - wrapped] = t[base + i];
	}
	s.len[k] = n - length;
	s.tableCount -= length;
	if (n === length && s.numStacks === 7) {
		s.alive[k] = 0;
		s.aliveCount--;
	}
}
/** Whether the game is now over and won, decided without listing the legal actions. */
function endedWon(s, o) {
	const left = s.tableCount;
	if (left > (o.win === "one-left" ? 1 : 0)) return false;
	if (left === 0 && s.numStacks === 7) return true;
	return s.stockLen === 0;
}
function step$1(s, o, action) {
	s.steps++;
	let reward = 0;
	if (action === 0) draw(s);
	else {
		const length = lineRunLength(s.rule, action);
		discardRun(s, o, lineRunStart(s.rule, action), length);
		if (o.reward === "cards") reward = length;
	}
	if (o.reward === "win" && endedWon(s, o)) reward = 1;
	return reward;
}
function observationSize$1(o, rule) {
	return o.stacks * (SLOTS$2 * rule.values + 3) + rule.values + 2;
}
/** The observation's bounds (the table in the doc comment above). */
function observationBounds$3(o, rule) {
	const size = observationSize$1(o, rule);
	const low = new Float32Array(size);
	const high = new Float32Array(size).fill(1);
	const at = o.stacks * (SLOTS$2 * rule.values + 3) + rule.values;
	const dealt = initialDealt(o);
	const deckBottom = o.pickedUp === "deck-bottom";
	high[at] = deckBottom ? 1 : Math.max(52 - dealt, 1) / 52;
	high[at + 1] = deckBottom ? 1 : Math.min(o.maxSteps, 52 - dealt + Math.floor(52 / o.minRun)) / o.maxSteps;
	return {
		low,
		high
	};
}
/** Rewrites stack k's one-hots from its first changed position; clears what it wrote past the end. */
function observeStack(s, k, out) {
	const n = s.len[k];
	const cardBase = k * SLOTS$2;
	const t = s.table;
	const value = s.rule.value;
	const width = s.rule.values;
	const stackAt = k * SLOTS$2 * width;
	const shown = s.obsHot;
	const written = s.obsLen[k];
	const tail = s.obsTail[k];
	let end = n;
	if (tail > 0 && written > n) {
		end = n - tail;
		out.copyWithin(stackAt + end * width, stackAt + (written - tail) * width, stackAt + written * width);
		for (let p = end, from = written - tail; p < n; p++, from++) shown[cardBase + p] = shown[cardBase + from];
	}
	let at = stackAt + s.obsFrom[k] * width;
	for (let p = s.obsFrom[k]; p < end; p++, at += width) {
		const hot = value[t[cardBase + p]] - 1;
		const was = shown[cardBase + p];
		if (was === hot) continue;
		if (was >= 0) out[at + was] = 0;
		out[at + hot] = 1;
		shown[cardBase + p] = hot;
	}
	for (let p = n; p < written; p++) {
		if (shown[cardBase + p] >= 0) out[stackAt + p * width + shown[cardBase + p]] = 0;
		shown[cardBase + p] = -1;
	}
	s.obsLen[k] = n;
	s.obsFrom[k] = SLOTS$2;
	s.obsTail[k] = -1;
}
function observe$3(s, o, out) {
	const S = s.numStacks;
	if (s.obsOut !== out) {
		out.fill(0);
		s.obsLen.fill(0);
		s.obsFrom.fill(0);
		s.obsHot.fill(-1);
		s.obsOut = out;
	}
	for (let k = 0; k < S; k++) if (s.obsFrom[k] < SLOTS$2) observeStack(s, k, out);
	const width = s.rule.values;
	let at = S * SLOTS$2 * width;
	for (let k = 0; k < S; k++) {
		out[at + k] = s.len[k] / SLOTS$2;
		out[at + S + k] = 1 - s.alive[k];
		out[at + 2 * S + k] = k === s.current ? 1 : 0;
	}
	at += 3 * S;
	const perValue = s.rule.perValue;
	for (let v = 1; v <= width; v++) out[at + v - 1] = s.stockValues[v] / perValue[v];
	out[at + width] = s.stockLen / 52;
	out[at + width + 1] = s.steps / o.maxSteps;
}
function outcome$3(s, o) {
	return {
		won: s.status === 1 && s.tableCount <= (o.win === "one-left" ? 1 : 0),
		cardsLeft: s.tableCount
	};
}
/** "6 cards left", as a player reads it. */
const cardsLeftText = (n) => `${n} card${n === 1 ? "" : "s"} left`;
/**
* How the game ended, for a player. Where picked-up cards go under the stock no card leaves the
* game, so the cards on the table are not what was left to clear ("0 cards left" would read as
* cleared, yet lost): seven piles say how many were cleared, one line counts the stock too.
*/
function endText$1(s, o, ending) {
	const { won, cardsLeft } = outcome$3(s, o);
	if (o.pickedUp === "deck-bottom") {
		const why = ending.truncated ? `Out of steps after ${ending.steps} moves` : "No more moves, the stock is used up";
		if (o.stacks === 7) {
			if (won) return `Won! All ${o.stacks} piles are cleared.`;
			return `${why}: ${s.numStacks - s.aliveCount} of ${o.stacks} piles cleared.`;
		}
		if (!won) return `${why}: ${cardsLeft} card${cardsLeft === 1 ? "" : "s"} on the line and ${s.stockLen} in the stock (picked-up cards go back under the stock).`;
	}
	if (won) return `Won! ${cardsLeft === 0 ? "Every card is cleared." : `${cardsLeftText(cardsLeft)}.`}`;
	return `${ending.truncated ? "Out of steps" : "No more moves"}: ${cardsLeftText(cardsLeft)}.`;
}
/**
* 'win': 1 for a won game. 'cards': 52 − cardsLeft when every card not on the table was
* discarded once; null when the outcome cannot tell (cards recycled with 'deck-bottom', a
* possible truncation with the stock not empty, or 7 stacks all eliminated before the stock
* ran out).
*/
function expectedReturn$1(result, o, rule) {
	const r = result;
	if (o.reward === "win") return r.won ? 1 : 0;
	if (o.pickedUp === "deck-bottom" || o.maxSteps < rule.stepsWithoutCycles) return null;
	if (o.stacks === 7 && r.cardsLeft === 0) return null;
	return 52 - r.cardsLeft;
}
/** A stack as a player names it, counted from 1 ("stack 1" is the state JSON's `stacks[0]`). */
function stackName(s, k) {
	return s.numStacks === 1 ? "the line" : `stack ${k + 1}`;
}
/** A stack as the state JSON places it (`stacks[0]`), for a check of a state. */
function jsonStack(s, k) {
	return s.numStacks === 1 ? "the line" : `stacks[${k}]`;
}
function cardsWord(n) {
	return n === 1 ? "1 card" : `${n} cards`;
}
/** Whether positions (start, length) name cards of the current stack (in a loop: at most one lap). */
function runCardsExist(s, o, start, length) {
	const n = s.len[s.current];
	return o.loop ? start < n && length <= n : start + length <= n;
}
function runTotal(s, start, length) {
	const base = s.current * SLOTS$2;
	const n = s.len[s.current];
	let sum = 0;
	for (let i = 0; i < length; i++) sum += s.rule.value[s.table[base + (start + i) % n]];
	return sum;
}
function describeAction$3(s, o, action) {
	if (action === 0) {
		const k = nextLiveStack(s, s.current);
		return s.numStacks === 1 || k < 0 ? "draw" : `draw onto ${stackName(s, k)}`;
	}
	const start = lineRunStart(s.rule, action);
	const length = lineRunLength(s.rule, action);
	const from = s.numStacks === 1 ? "" : ` from ${stackName(s, s.current)}`;
	if (!runCardsExist(s, o, start, length)) return `discard ${length} cards from position ${start}${from} (${stackName(s, s.current)} has ${cardsWord(s.len[s.current])})`;
	const base = s.current * SLOTS$2;
	const n = s.len[s.current];
	const labels = [];
	for (let i = 0; i < length; i++) labels.push(cardLabel(s.table[base + (start + i) % n]));
	return `discard ${labels.join(" ")} (${runTotal(s, start, length)})${from}`;
}
function whyDrawIllegal(s, o) {
	if (s.aliveCount === 0) return "every stack is eliminated";
	if (s.stockLen === 0) return "the stock is empty";
	if (o.discard === "forced" && legalRunCount(s, o) > 0) return "a run can be discarded, and discards are forced (discard: 'forced')";
	return "it is legal";
}
/** How many runs are legal now (a refusal's reason only: it allocates). */
function legalRunCount(s, o) {
	return stackRuns(s, o, new Uint8Array(lineActions(s.rule)), new Int32Array(lineActions(s.rule)), 0);
}
function whyRunIllegal(s, o, start, length) {
	if (length < o.minRun) return `a run needs at least ${o.minRun} cards (minRun)`;
	if (o.maxRun !== null && length > o.maxRun) return `a run has at most ${o.maxRun} cards (maxRun)`;
	if (length > s.rule.longest) return `a run has at most ${s.rule.longest} cards`;
	const n = s.len[s.current];
	const name = stackName(s, s.current);
	if (!runCardsExist(s, o, start, length)) return n === 0 ? `${name} is empty` : `${name} has only ${cardsWord(n)}`;
	if (o.loop && length === n && start !== 0) return `a run of the whole of ${name} is id ${lineRunId(s.rule, 0, n)} (start 0)`;
	if (o.loop && start + length < n) return `on a loop a run must include the top card (position ${n - 1})`;
	const total = runTotal(s, start, length);
	if (total > s.rule.maxTotal || s.rule.good(o)[total] !== 1) return `the cards total ${total}, not ${s.rule.totalsText(o)}`;
	return "it is legal";
}
function whyIllegal$3(s, o, action) {
	if (s.status === 1) return "the game is over";
	if (s.status === 2) return `the step limit (maxSteps ${o.maxSteps}) is reached`;
	if (action === 0) return whyDrawIllegal(s, o);
	return whyRunIllegal(s, o, lineRunStart(s.rule, action), lineRunLength(s.rule, action));
}
function stackText(s, k) {
	const labels = [];
	for (let p = 0; p < s.len[k]; p++) labels.push(cardLabel(s.table[k * SLOTS$2 + p]));
	return labels.length ? labels.join(" ") : "(empty)";
}
function statusText(s, o) {
	const left = o.pickedUp === "deck-bottom" && s.numStacks > 1 ? `${s.numStacks - s.aliveCount} of ${s.numStacks} stacks eliminated` : `${cardsWord(s.tableCount)} left`;
	if (s.status === 2) return `truncated after ${s.steps} steps (maxSteps), ${left}`;
	if (s.status === 1) return `game over: ${outcome$3(s, o).won ? "won" : "lost"}, ${left}`;
	return "";
}
function render$3(s, o) {
	const lines = [];
	if (s.numStacks === 1) lines.push(`line: ${stackText(s, 0)}`);
	else for (let k = 0; k < s.numStacks; k++) {
		const mark = k === s.current ? "▸" : " ";
		lines.push(`${mark} ${stackName(s, k)}: ${s.alive[k] ? stackText(s, k) : "eliminated"}`);
	}
	const picked = o.pickedUp === "deck-bottom" ? "" : ` · discarded: ${s.pileLen}`;
	lines.push(`stock: ${cardsWord(s.stockLen)}${picked} · step ${s.steps}/${o.maxSteps}`);
	const end = statusText(s, o);
	if (end) lines.push(end);
	return lines.join("\n");
}
/** Where position p of stack k lies, as the state JSON places it (`stacks[k][p]`, 0 = the oldest card). */
function spot(s, k, index) {
	return {
		place: s.numStacks === 1 ? "line" : "stack",
		stack: k,
		index,
		code: cardCode(s.table[k * SLOTS$2 + index])
	};
}
function actionCards$3(s, _o, action) {
	if (action === 0) return [];
	const start = lineRunStart(s.rule, action);
	const length = lineRunLength(s.rule, action);
	const n = s.len[s.current];
	const out = [];
	for (let i = 0; i < length; i++) out.push(spot(s, s.current, (start + i) % n));
	return out;
}
function board$3(s, o) {
	const stackCards = (k) => Array.from({ length: s.len[k] }, (_, p) => spot(s, k, p));
	const piles = [{
		kind: "stock",
		count: s.stockLen,
		label: "stock",
		tappable: true
	}];
	if (o.pickedUp !== "deck-bottom") piles.push({
		kind: "counter",
		count: s.pileLen,
		label: "discarded"
	});
	const table = s.numStacks === 1 ? {
		kind: "line",
		loop: o.loop,
		cards: stackCards(0)
	} : {
		kind: "columns",
		columns: Array.from({ length: s.numStacks }, (_, k) => {
			const cleared = s.alive[k] === 0;
			const current = k === s.current;
			return {
				stack: k,
				label: cleared ? "cleared" : current ? `${stackName(s, k)} ◂` : stackName(s, k),
				current,
				cleared,
				cards: stackCards(k)
			};
		})
	};
	return {
		style: "decade",
		parts: [{
			kind: "piles",
			piles
		}, table]
	};
}
const stateJsonSchema = /* @__PURE__ */ strictObject$1({
	stacks: (/* @__PURE__ */ array$1((/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(SLOTS$2)))).check(/* @__PURE__ */ _minLength(1), /* @__PURE__ */ _maxLength(7)),
	eliminated: (/* @__PURE__ */ array$1(/* @__PURE__ */ boolean$1())).check(/* @__PURE__ */ _minLength(1), /* @__PURE__ */ _maxLength(7)),
	current: int$1().check(/* @__PURE__ */ _gte(0), /* @__PURE__ */ _lte(6)),
	stock: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(52)),
	discarded: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(52)),
	steps: int$1().check(/* @__PURE__ */ _gte(0))
});
function toJSON$3(s) {
	const stacks = [];
	const eliminated = [];
	for (let k = 0; k < s.numStacks; k++) {
		const cards = [];
		for (let p = 0; p < s.len[k]; p++) cards.push(cardCode(s.table[k * SLOTS$2 + p]));
		stacks.push(cards);
		eliminated.push(s.alive[k] === 0);
	}
	const stock = [];
	for (let i = 0; i < s.stockLen; i++) stock.push(cardCode(s.stock[(s.stockHead + i) % 52]));
	const discarded = [];
	for (let i = 0; i < s.pileLen; i++) discarded.push(cardCode(s.pile[i]));
	return {
		stacks,
		eliminated,
		current: s.current,
		stock,
		discarded,
		steps: s.steps
	};
}
function badState(message) {
	return new TengymError("bad-state", `bad decade state: ${message}`);
}
function cardOf(code, where) {
	const c = parseCardCode(code);
	if (c < 0) throw badState(`${where}: "${code}" is not a card code (rank A23456789TJQK + suit CDHS, e.g. "TH")`);
	return c;
}
function fromJSON$3(json, o, s) {
	const parsed = stateJsonSchema.safeParse(json);
	if (!parsed.success) throw badState(formatZodError(parsed.error));
	const j = parsed.data;
	if (j.stacks.length !== o.stacks) throw badState(`stacks has ${j.stacks.length} entries, this game has ${o.stacks}`);
	if (j.eliminated.length !== o.stacks) throw badState(`eliminated has ${j.eliminated.length} entries, this game has ${o.stacks} stacks`);
	if (j.current >= o.stacks) throw badState(`current is ${j.current}, stacks are numbered 0..${o.stacks - 1}`);
	if (j.steps > o.maxSteps) throw badState(`steps is ${j.steps}, more than maxSteps (${o.maxSteps})`);
	s.numStacks = o.stacks;
	clearState(s);
	s.obsOut = null;
	j.stacks.forEach((cards, k) => cards.forEach((code, p) => pushToStack(s, k, cardOf(code, `stacks[${k}][${p}]`))));
	j.eliminated.forEach((e, k) => s.alive[k] = e ? 0 : 1);
	s.aliveCount = j.eliminated.filter((e) => !e).length;
	j.stock.forEach((code, i) => pushUnderStock(s, cardOf(code, `stock[${i}]`)));
	j.discarded.forEach((code, i) => s.pile[s.pileLen++] = cardOf(code, `discarded[${i}]`));
	s.current = j.current;
	s.steps = j.steps;
	const problem = checkState$3(s, o);
	if (problem) throw badState(problem);
}
/** Where each card is ("stacks[2]", "the stock", "the discard pile"); the first problem found, or null. */
function checkCards$1(s) {
	const place = new Array(52).fill("");
	const at = new Array(52).fill(-1);
	const put = (card, where, index) => {
		if (place[card] === where) return `${cardCode(card)} is twice in ${where} (at ${at[card]} and ${index}, counted from 0)`;
		if (place[card]) return `${cardCode(card)} is both in ${place[card]} and in ${where}`;
		place[card] = where;
		at[card] = index;
		return null;
	};
	for (let k = 0; k < s.numStacks; k++) for (let p = 0; p < s.len[k]; p++) {
		const e = put(s.table[k * SLOTS$2 + p], jsonStack(s, k), p);
		if (e) return e;
	}
	for (let i = 0; i < s.stockLen; i++) {
		const e = put(s.stock[(s.stockHead + i) % 52], "the stock", i);
		if (e) return e;
	}
	for (let i = 0; i < s.pileLen; i++) {
		const e = put(s.pile[i], "the discard pile", i);
		if (e) return e;
	}
	const missing = [];
	for (let c = 0; c < 52; c++) if (!place[c]) missing.push(cardCode(c));
	return missing.length ? `cards missing (every card must be on the table, in the stock or discarded): ${missing.join(" ")}` : null;
}
function checkStacks(s, o) {
	if (s.numStacks !== o.stacks) return `the state has ${s.numStacks} stacks, the options ${o.stacks}`;
	let count = 0;
	let alive = 0;
	for (let k = 0; k < 7; k++) {
		const n = s.len[k];
		if (k >= s.numStacks) {
			if (n !== 0 || s.alive[k] !== 0) return `stacks[${k}] is used, but this game has ${s.numStacks}`;
			continue;
		}
		if (n < 0 || n > SLOTS$2) return `${jsonStack(s, k)} holds ${n} cards`;
		count += n;
		alive += s.alive[k];
		if (s.numStacks === 1 && s.alive[k] !== 1) return "the line is never eliminated (an emptied line receives the next card)";
		if (s.numStacks === 7 && s.alive[k] === 1 && n === 0) return `stacks[${k}] is empty but not eliminated (a stack emptied by a discard is eliminated)`;
		if (s.alive[k] === 0 && n > 0) return `stacks[${k}] is eliminated but holds ${cardsWord(n)}`;
	}
	if (count !== s.tableCount) return `tableCount ${s.tableCount} but the stacks hold ${count} cards`;
	if (alive !== s.aliveCount) return `aliveCount ${s.aliveCount} but ${alive} stacks are live`;
	if (s.current < 0 || s.current >= s.numStacks) return `current stack ${s.current} is not one of 0..${s.numStacks - 1}`;
	return null;
}
function checkPiles(s, o) {
	if (s.stockLen < 0 || s.stockLen > 52 || s.stockHead < 0 || s.stockHead >= 52) return `stock of ${s.stockLen} cards at ${s.stockHead}`;
	if (s.pileLen < 0 || s.pileLen > 52) return `discard pile of ${s.pileLen} cards`;
	if (o.pickedUp === "deck-bottom" && s.pileLen > 0) return "with pickedUp 'deck-bottom' discarded cards go under the stock: discarded must be empty";
	const dealt = initialDealt(o);
	if (o.pickedUp === "discard" && s.stockLen > 52 - dealt) return `the stock holds ${s.stockLen} cards, but the deal takes ${dealt} and discarded cards never return`;
	const counts = new Int32Array(s.rule.values + 1);
	for (let i = 0; i < s.stockLen; i++) counts[s.rule.value[s.stock[(s.stockHead + i) % 52]]]++;
	for (let v = 1; v <= s.rule.values; v++) if (counts[v] !== s.stockValues[v]) return `stock value counts out of date (value ${v})`;
	if (s.steps < 0 || s.steps > o.maxSteps) return `steps ${s.steps} outside 0..maxSteps (${o.maxSteps})`;
	return null;
}
/**
* Bit r set when the discard pile splits, in the order its cards left the table, into r runs
* that could each have been discarded (minRun..maxRun cards with a discarding total); 0 when it
* cannot be split at all. A run's cards leave together, wrapped ones too, so each is a stretch.
*/
function pileRunCounts(s, o) {
	const good = s.rule.good(o);
	const maxLen = maxRunLength(o, s.rule.longest);
	const n = s.pileLen;
	const reach = new Int32Array(n + 1);
	reach[0] = 1;
	for (let i = 0; i < n; i++) {
		if (reach[i] === 0) continue;
		let sum = 0;
		for (let length = 1; length <= maxLen && i + length <= n; length++) {
			sum += s.rule.value[s.pile[i + length - 1]];
			if (sum > s.rule.maxTotal) break;
			if (length >= o.minRun && good[sum] === 1) reach[i + length] |= reach[i] << 1;
		}
	}
	return reach[n];
}
function bitsText(bits) {
	const counts = [];
	for (let r = 0; r < 31; r++) if (bits & 1 << r) counts.push(r);
	return counts.length === 1 ? `exactly ${counts[0]}` : `${counts.slice(0, -1).join(", ")} or ${counts[counts.length - 1]}`;
}
/**
* The step counter and the discard pile agree with the cards. Every step draws a card or
* discards a run, and every elimination is a run of its own. With 'discard' the cards that left
* the stock are the draws, so steps − draws runs must make up the pile; with 'deck-bottom' the
* discarded cards go back under the stock, and the draws and runs are known only from below.
*/
function checkCounters$1(s, o) {
	const netDraws = 52 - initialDealt(o) - s.stockLen;
	const eliminated = s.numStacks - s.aliveCount;
	if (o.pickedUp === "deck-bottom") {
		const runsAtLeast = Math.max(eliminated, netDraws < 0 ? Math.ceil(-netDraws / maxRunLength(o, s.rule.longest)) : 0);
		const least = Math.max(netDraws, 0) + runsAtLeast;
		if (s.steps < least) return `steps is ${s.steps}, but the stock and the ${eliminated} eliminated stacks take at least ${least} steps (${Math.max(netDraws, 0)} draws and ${runsAtLeast} discards)`;
		return null;
	}
	const runs = s.steps - netDraws;
	if (runs < 0) return `steps is ${s.steps}, but ${netDraws} cards have left the stock, a step each`;
	if (runs < eliminated) return `steps is ${s.steps}: ${netDraws} draws leave ${runs} discards, but ${eliminated} stacks were eliminated, each by a discard`;
	const counts = pileRunCounts(s, o);
	if (counts === 0) {
		const pile = [];
		for (let i = 0; i < s.pileLen; i++) pile.push(cardCode(s.pile[i]));
		const most = o.maxRun === null ? "" : `..${maxRunLength(o, s.rule.longest)}`;
		return `the discard pile ${pile.join(" ")} is not a sequence of runs (each ${o.minRun}${most || " or more"} cards totalling ${s.rule.totalsText(o)}, in the order discarded)`;
	}
	if (runs > 30 || (counts & 1 << runs) === 0) return `steps is ${s.steps}: ${netDraws} draws leave ${runs} discards, but the discard pile of ${cardsWord(s.pileLen)} holds ${bitsText(counts)} runs`;
	if (s.numStacks === 7 && netDraws === 0 && s.current !== 6) return `current is ${s.current}, but no card has been drawn: the deal ends with current 6`;
	return null;
}
function checkState$3(s, o) {
	return checkStacks(s, o) ?? checkPiles(s, o) ?? checkCards$1(s) ?? checkCounters$1(s, o);
}
/**
* A line game: this engine with a run rule and its options (a schema whose output has Decade's fields, each option
* the rule does not vary fixed or left out). Decade is one; another run rule is another game, not another engine.
*/
function lineGame(declared) {
	const { name, rule, optionsSchema } = declared;
	const actions = lineActions(rule);
	return {
		...LINE_ENGINE,
		name,
		optionsSchema,
		numActions: () => actions,
		observationSize: (o) => observationSize$1(o, rule),
		observationBounds: (o) => observationBounds$3(o, rule),
		createState: (o) => createState$3(o, rule),
		expectedReturn: (result, o) => expectedReturn$1(result, o, rule),
		unwinnable: unwinnable$1,
		inconsistencies: (game, o, rng) => decadeInconsistencies(game, o, rng, rule)
	};
}
/** What every line game shares: all but its name, options, sizes and state (`lineGame`). */
const LINE_ENGINE = {
	result: CARDS_LEFT_RESULT,
	copyState: copyState$3,
	parseDeck: parseDeck$1,
	reset: reset$1,
	legalActions: legalActions$3,
	step: step$1,
	status: status$3,
	observe: observe$3,
	outcome: outcome$3,
	describeAction: describeAction$3,
	whyIllegal: whyIllegal$3,
	render: render$3,
	toJSON: toJSON$3,
	fromJSON: fromJSON$3,
	checkState: checkState$3,
	sameOutcome: false,
	actionCards: actionCards$3,
	moveKind: (_s, _o, action) => action === 0 ? "draw" : "run",
	prompt: () => "",
	board: board$3,
	endText: endText$1
};
const decadeGame = lineGame({
	name: "decade",
	rule: DECADE_RULE,
	optionsSchema: decadeOptionsSchema
});
/** One line whose picked-up cards go under the stock never empties (docs/rules.md, "Options"). */
function unwinnable$1(o) {
	if (o.stacks === 1 && o.pickedUp === "deck-bottom") return "one line with pickedUp 'deck-bottom' never empties: the picked-up cards come back under the stock (random play runs every deal to maxSteps)";
	const draws = 52 - initialDealt(o);
	if (o.stacks === 1 && o.maxSteps < draws) return `a win draws all ${draws} cards of the stock, a step each, and maxSteps ${o.maxSteps} stops the game first`;
	return null;
}
/**
* The options of a config of this engine (a catalogue entry deciding whether it plays them), or null for another
* engine.
*/
function decadeOptionsOf(env) {
	return env.game === decadeGame ? env.options : null;
}
/**
* The decade state and options of an env of this engine (for agents and features, which only read them), or null for an
* env of another engine.
*/
function decadeOf(env) {
	return env.game === decadeGame ? {
		state: env.rawState,
		options: env.options
	} : null;
}
/**
* Changes to a decade state's JSON that no play could give (the engine's `inconsistencies`, which the
* fuzz tries and `fromJSON`/`checkState` must refuse): steps below the cards drawn; with picked-up
* cards discarded, steps above the draws plus the runs the pile could hold, a one-card discard pile,
* all 52 cards discarded in fewer steps than draws.
*/
function decadeInconsistencies(game, o, rng, rule) {
	if (!Array.isArray(game.discarded) || typeof game.steps !== "number") return [];
	const changes = [];
	const stacks = game.stacks;
	const stock = game.stock;
	const discarded = game.discarded;
	const dealt = initialDealt(o);
	const draws = 52 - dealt - stock.length;
	const maxSteps = o.maxSteps;
	if (draws >= 1) changes.push(() => {
		game.steps = randomInt(rng, 0, draws - 1);
		return `steps ${String(game.steps)} with ${draws} cards drawn`;
	});
	if (o.pickedUp !== "discard") return changes;
	const most = draws + Math.floor(discarded.length / o.minRun);
	if (most < maxSteps) changes.push(() => {
		game.steps = randomInt(rng, most + 1, Math.min(maxSteps, most + 1e3));
		return `steps ${String(game.steps)} with ${draws} cards drawn and ${discarded.length} discarded`;
	});
	const single = discarded.length > 0 ? discarded : stock;
	const good = rule.good(o);
	const lone = single.filter((c) => o.minRun > 1 || good[rule.value[parseCardCode(c)]] !== 1);
	if (lone.length > 0) changes.push(() => {
		const card = lone[randomInt(rng, 0, lone.length - 1)];
		single.splice(single.indexOf(card), 1);
		stock.push(...discarded.splice(0));
		game.discarded = [card];
		return `a discard pile of the one card ${card}`;
	});
	changes.push(() => {
		game.discarded = [
			...discarded,
			...stacks.flat(),
			...stock
		];
		game.stacks = stacks.map(() => []);
		if (o.stacks === 7) game.eliminated = stacks.map(() => true);
		game.stock = [];
		const fewest = dealt === 52 ? 4 : 52 - dealt;
		game.steps = randomInt(rng, 0, Math.min(maxSteps, fewest - 1));
		return `all 52 cards discarded at step ${String(game.steps)}`;
	});
	return changes;
}
// src/games/decade/agents/position.ts
/**
* A compact copy of a decade position for the agents' searches: card values only
* (suits never matter), typed arrays, no observation or pile bookkeeping, so copying a
* position and applying a move cost a few dozen nanoseconds.
*
* It mirrors the engine's rules (src/games/decade/engine.ts) move for move: the same legal
* ids in the same order, the same draws, discards, eliminations, step limit and end, for
* every option of the engine, each read through `rulesOf`. test/games/decade/agents/baselines.test.ts
* checks it against the engine on random games, with every option set off its default.
*
* Action ids, card values and run totals are the engine's (decade.ts exports them).
*
* The stock is a ring of values. A fair agent loads the stock's composition in a
* canonical order and shuffles it with its own generator (`loadFair`); only the oracle
* loads the true order (`loadTrue`).
*/
function rulesOf$2(o) {
	return {
		stacks: o.stacks,
		minRun: o.minRun,
		maxLen: maxRunLength(o),
		loop: o.loop,
		optional: o.discard === "optional",
		deckBottom: o.pickedUp === "deck-bottom",
		winLeft: o.win === "one-left" ? 1 : 0,
		maxSteps: o.maxSteps,
		good: runTotals(o)
	};
}
var Position = class {
	stacks;
	/** Values of stack k at vals[k*52 .. k*52+len[k]-1], oldest first. */
	vals;
	len = /* @__PURE__ */ new Int32Array(7);
	aliveCount = 0;
	current = 0;
	tableCount = 0;
	/** Ring of values: the next card drawn is stock[head]. */
	stock = /* @__PURE__ */ new Uint8Array(52);
	head = 0;
	stockLen = 0;
	steps = 0;
	/** Set by generate. */
	status = 0;
	constructor(stacks) {
		this.stacks = stacks;
		this.vals = new Uint8Array(stacks * 52);
	}
	copyFrom(p) {
		this.vals.set(p.vals);
		this.len.set(p.len);
		this.aliveCount = p.aliveCount;
		this.current = p.current;
		this.tableCount = p.tableCount;
		this.stock.set(p.stock);
		this.head = p.head;
		this.stockLen = p.stockLen;
		this.steps = p.steps;
		this.status = p.status;
	}
	/** The table of an engine state; the stock is left empty (see loadTrue, loadFair). */
	loadTable(s) {
		for (let k = 0; k < this.stacks; k++) {
			const n = s.len[k];
			for (let p = 0; p < n; p++) this.vals[k * 52 + p] = CARD_VALUE[s.table[k * 52 + p]];
			this.len[k] = n;
		}
		this.aliveCount = s.aliveCount;
		this.current = s.current;
		this.tableCount = s.tableCount;
		this.steps = s.steps;
		this.head = 0;
		this.stockLen = 0;
		this.status = 0;
	}
	/** The engine state with its true stock order: only for agents that are not fair (the oracle). */
	loadTrue(s) {
		this.loadTable(s);
		for (let i = 0; i < s.stockLen; i++) this.stock[i] = CARD_VALUE[s.stock[(s.stockHead + i) % 52]];
		this.stockLen = s.stockLen;
	}
	/**
	* The engine state with the stock's cards in an order drawn from `rng`. Fair: the
	* order is built from the stock's composition (values in increasing order), never
	* from the true order, so permuting the true stock changes nothing.
	*/
	loadFair(s, rng) {
		this.loadTable(s);
		this.loadCanonicalStock(s);
		shuffleInPlace(rng, this.stock, this.stockLen);
	}
	/** `p`'s table, with a stock of the values counted in `unseen[1..10]` in a fair order drawn from `rng`. */
	loadFairFrom(p, unseen, rng) {
		this.copyFrom(p);
		this.loadStockOf(unseen);
		shuffleInPlace(rng, this.stock, this.stockLen);
	}
	/** The stock's composition in increasing value order (what a fair agent knows). */
	loadCanonicalStock(s) {
		this.loadStockOf(s.stockValues);
	}
	/** A stock of the values counted in `counts[1..10]`, in increasing value order. */
	loadStockOf(counts) {
		let at = 0;
		for (let v = 1; v <= 10; v++) for (let c = 0; c < counts[v]; c++) this.stock[at++] = v;
		this.head = 0;
		this.stockLen = at;
	}
	/** The engine state's table, with an empty stock: the caller fills the stock (or only its size). */
	loadTableOnly(s) {
		this.loadTable(s);
	}
	/** The live stack after `from` in rotation (from itself when it is the only one); -1 if none. */
	nextLiveStack(from) {
		if (this.stacks === 1) return 0;
		for (let i = 1; i <= 7; i++) {
			const k = (from + i) % 7;
			if (this.len[k] > 0) return k;
		}
		return -1;
	}
	/**
	* Writes the legal action ids, in the engine's order (increasing ids), into `out`;
	* returns how many and sets `status`. Allocates nothing.
	*/
	generate(r, out) {
		const canDraw = this.stockLen > 0 && this.aliveCount > 0;
		let count = 0;
		if (canDraw && r.optional) out[count++] = 0;
		count = this.stackRuns(r, out, count);
		if (canDraw && !r.optional && count === 0) out[count++] = 0;
		if (count > 0 && this.steps >= r.maxSteps) {
			this.status = 2;
			return 0;
		}
		this.status = count === 0 ? 1 : 0;
		return count;
	}
	/** The current stack's runs, as the engine's `stackRuns` lists them, from out[count]; returns the new count. */
	stackRuns(r, out, count) {
		const base = this.current * 52;
		const n = this.len[this.current];
		const v = this.vals;
		const good = r.good;
		if (!r.loop) {
			for (let st = 0; st + r.minRun <= n; st++) {
				const end = Math.min(st + r.maxLen, n);
				let sum = 0;
				for (let i = st; i < end; i++) {
					sum += v[base + i];
					if (sum > 35) break;
					const length = i - st + 1;
					if (length >= r.minRun && good[sum] === 1) out[count++] = runActionId(st, length);
				}
			}
			return count;
		}
		if (n < r.minRun) return count;
		if (n <= r.maxLen) {
			let sum = 0;
			for (let i = 0; i < n; i++) sum += v[base + i];
			if (sum <= 35 && good[sum] === 1) out[count++] = runActionId(0, n);
		}
		const longest = Math.min(r.maxLen, n - 1);
		for (let st = Math.max(1, n - longest); st < n; st++) {
			let sum = 0;
			for (let i = st; i < n; i++) sum += v[base + i];
			let length = n - st;
			let wrap = 0;
			while (sum <= 35) {
				if (length >= r.minRun && good[sum] === 1) out[count++] = runActionId(st, length);
				if (length >= longest) break;
				sum += v[base + wrap];
				wrap++;
				length++;
			}
		}
		return count;
	}
	/** Applies a legal action (0 = draw, else a run id). */
	apply(r, action) {
		this.steps++;
		if (action === 0) this.draw(this.stock[this.head]);
		else this.discard(r, runStartOf(action), runLengthOf(action));
	}
	/** Draws the stock's top card (its value is `value`) onto the next live stack. */
	draw(value) {
		this.head = (this.head + 1) % 52;
		this.stockLen--;
		this.push(this.nextLiveStack(this.current), value);
	}
	/** Puts `value` on top of stack k, which becomes the current stack (no stock change). */
	push(k, value) {
		this.vals[k * 52 + this.len[k]] = value;
		this.len[k]++;
		this.tableCount++;
		this.current = k;
	}
	pickUp(r, value) {
		if (!r.deckBottom) return;
		this.stock[(this.head + this.stockLen) % 52] = value;
		this.stockLen++;
	}
	/** Removes the run (start, length) from the current stack, as the engine does. */
	discard(r, start, length) {
		const k = this.current;
		const base = k * 52;
		const n = this.len[k];
		const v = this.vals;
		const end = start + length;
		if (end <= n) {
			for (let i = start; i < end; i++) this.pickUp(r, v[base + i]);
			for (let i = end; i < n; i++) v[base + i - length] = v[base + i];
		} else {
			const wrapped = end - n;
			for (let i = 0; i < wrapped; i++) this.pickUp(r, v[base + i]);
			for (let i = start; i < n; i++) this.pickUp(r, v[base + i]);
			for (let i = wrapped; i < start; i++) v[base + i - wrapped] = v[base + i];
		}
		this.len[k] = n - length;
		this.tableCount -= length;
		if (n === length && this.stacks === 7) this.aliveCount--;
	}
	/** After generate returned 0: whether the game is won. */
	won(r) {
		return this.status === 1 && this.tableCount <= r.winLeft;
	}
};
/**
* A depth-first search's scratch space: one position and one move list per depth, made on first
* use and then reused, so a search allocates nothing once it has been as deep before.
*/
var SearchLevels = class {
	stacks;
	positions = [];
	moveLists = [];
	constructor(stacks) {
		this.stacks = stacks;
	}
	/** The position of depth d. */
	at(d) {
		while (this.positions.length <= d) {
			this.positions.push(new Position(this.stacks));
			this.moveLists.push(new Int32Array(DECADE_ACTIONS));
		}
		return this.positions[d];
	}
	/** The move list of depth d (after `at(d)`). */
	moves(d) {
		return this.moveLists[d];
	}
};
// src/games/decade/agents/common.ts
/** The env's engine state and options; a clear error for an env of another game. */
function decadeEnv(env, agent) {
	checkPlaying(env, agent);
	const decade = decadeOf(env);
	if (!decade) throw new TengymError("bad-argument", `agent "${agent}" plays the decade family, not ${env.id}`);
	return decade;
}
/**
* Rules resolved once: the same object while the options are the same (agents keep
* their solver and buffers for as long as the rules object is the same).
*/
var RulesCache = class {
	options = null;
	key = "";
	rules = null;
	get(options) {
		if (options === this.options && this.rules !== null) return this.rules;
		const key = JSON.stringify(options);
		if (key !== this.key || this.rules === null) {
			this.rules = rulesOf$2(options);
			this.key = key;
		}
		this.options = options;
		return this.rules;
	}
};
/**
* The order `longest` prefers: longer runs first, then the older (lower start) of two
* runs of the same length, the draw last. Higher is better.
*/
function longestRank$1(action) {
	if (action === 0) return 0;
	return runLengthOf(action) * 64 - runStartOf(action);
}
/** Scores sorted best first (higher first; ties keep `tieRank`'s order, higher first). */
function sortedScores$1(kind, actions, scores, tieRank = longestRank$1) {
	const list = actions.map((action, i) => ({
		action,
		score: scores[i]
	}));
	list.sort((x, y) => y.score - x.score || tieRank(y.action) - tieRank(x.action));
	return {
		kind,
		actions: list
	};
}
// src/games/decade/agents/longest.ts
var LongestRunAgent = class extends SeedlessAgent {
	name = "longest";
	act(env) {
		decadeEnv(env, this.name);
		return longestMove(env.legal, env.legalCount);
	}
	/** Score: 64 × run length − start (the draw scores 0); higher first. */
	score(env) {
		decadeEnv(env, this.name);
		const actions = env.legalActions();
		return sortedScores$1("heuristic", actions, actions.map(longestRank$1));
	}
};
/** The move `longest` plays among the first `n` legal ids: the longest run, the oldest of equal ones, the draw last. */
function longestMove(legal, n) {
	let best = legal[0];
	let bestRank = longestRank$1(best);
	for (let i = 1; i < n; i++) {
		const rank = longestRank$1(legal[i]);
		if (rank > bestRank) {
			best = legal[i];
			bestRank = rank;
		}
	}
	return best;
}
// src/games/decade/agents/hold.ts
/**
* Holding, when discards are optional on one straight line (no loop, 1 stack, discarded
* cards gone: `decade-optional` and its variants).
*
* There, drawing never loses anything: cards are only ever added at the right end, so a
* run that could be discarded now is still a run (the same cards, still consecutive)
* after any number of draws, as long as no overlapping run is discarded first. Any game
* can therefore be replayed as "draw the whole stock, then make the same discards in
* the same order", with the same end. A fair player who draws every card first loses
* nothing and then sees every card: the fair optimum equals the perfect-information
* optimum (the oracle's, about 85% of deals), and the full line's exact value (`LineSolver`,
* below) gives it. (Not with a loop, where a run must include the top card, nor with seven
* stacks, where emptying a stack changes where later cards go.)
*/
/** Without 'deck-bottom' no game takes 78 steps, so a `maxSteps` of 78 or more never cuts one short. */
const STEPS_NEVER_BINDING = 78;
function holdsUntilStockEmpty(r) {
	return r.optional && lineSolves(r);
}
/**
* Whether `LineSolver` values a position of these rules once its stock is empty: one straight line, discarded cards
* gone, a step limit that never binds. Forced or optional discards alike, since with nothing to draw they are the same.
*/
function lineSolves(r) {
	return r.stacks === 1 && !r.loop && !r.deckBottom && r.maxSteps >= STEPS_NEVER_BINDING;
}
/** Draws the whole stock onto the line (one stack): the position a holding player reaches. */
function drawAll(p) {
	const base = p.current * 52;
	for (let i = 0; i < p.stockLen; i++) p.vals[base + p.len[p.current] + i] = p.stock[(p.head + i) % 52];
	p.len[p.current] += p.stockLen;
	p.tableCount += p.stockLen;
	p.steps += p.stockLen;
	p.head = (p.head + p.stockLen) % 52;
	p.stockLen = 0;
}
/**
* The exact value of one straight line with nothing left to draw, in the `Solver`'s terms
* (0 = the line can be cleared, else 1 + the fewest cards it can end with), found in
* polynomial time rather than by search: a game's worst decision was an exhaustive search of
* up to 2 million moves (0.4 s) where this takes well under a millisecond.
*
* Why it is exact: call the cards a discard takes, in the line's original positions, a block.
* When a block is discarded, every card between its first and last has gone already, so a
* later block cannot have a card inside an earlier one's span: the blocks of any game are
* non-crossing, each gap inside a block was cleared by blocks nested in that gap, and no card
* left at the end lies inside a block. Conversely any such family can be played, innermost
* first. So a segment of the line can be cleared when its first card starts a block (a chain of
* cards whose gaps can be cleared, of a discarding total and length) followed by a segment that
* can be cleared; and the fewest cards a line ends with is the fewest left outside a choice of
* disjoint segments that can be cleared. A line that ends with the fewest has no run left (it
* would end with fewer), so the game does end there. With `maxRun` below the longest possible
* run the chains count their cards exactly; otherwise only up to `minRun`.
*
* For one stack, no loop, no 'deck-bottom' and a step limit that never binds
* (`holdsUntilStockEmpty`), with an empty stock.
*/
var LineSolver = class {
	rules;
	/** Chain lengths told apart: lengths 1..sizes (the last saturates unless maxRun binds). */
	sizes;
	maxRunBinds;
	goodLo;
	goodHi;
	/** clear[a] (words 2a, 2a+1): bit r set when cards a..r can all be discarded. */
	clear = /* @__PURE__ */ new Int32Array(106);
	/**
	* chains[(j * sizes + t) * 2 + w]: totals (bit s: sums 0..31, then 32..35) of chains from the current start to card
	* j, of length t + 1.
	*/
	chains;
	fewest = /* @__PURE__ */ new Int32Array(53);
	vals = /* @__PURE__ */ new Uint8Array(52);
	after = new Position(1);
	constructor(rules) {
		if (rules.stacks !== 1 || rules.loop || rules.deckBottom) throw new Error("LineSolver: one straight line, without deck-bottom");
		this.rules = rules;
		this.maxRunBinds = rules.maxLen < 14;
		this.sizes = this.maxRunBinds ? rules.maxLen : rules.minRun;
		this.chains = new Int32Array(52 * this.sizes * 2);
		let lo = 0;
		let hi = 0;
		for (let s = 0; s <= 35; s++) {
			if (rules.good[s] !== 1) continue;
			if (s < 32) lo |= 1 << s;
			else hi |= 1 << s - 32;
		}
		this.goodLo = lo;
		this.goodHi = hi;
	}
	/** The value after `action` in p (p is not modified), the stock then drawn: what holding leaves to play. */
	valueAfter(p, action) {
		const q = this.after;
		q.copyFrom(p);
		q.apply(this.rules, action);
		drawAll(q);
		return this.value(q);
	}
	/**
	* The value of p's line (its stock must be empty): 0 when it can be cleared, else 1 + the fewest cards it can end
	* with.
	*/
	value(p) {
		const n = p.len[p.current];
		const base = p.current * 52;
		for (let i = 0; i < n; i++) this.vals[i] = p.vals[base + i];
		this.fillClearable(n);
		const left = this.fewestLeft(n);
		return left <= this.rules.winLeft ? 0 : 1 + left;
	}
	fillClearable(n) {
		const clear = this.clear;
		const chains = this.chains;
		const sizes = this.sizes;
		const minIndex = this.rules.minRun - 1;
		clear[2 * n] = 0;
		clear[2 * n + 1] = 0;
		for (let l = n - 1; l >= 0; l--) {
			chains.fill(0, l * sizes * 2, n * sizes * 2);
			chains[l * sizes * 2] = 1 << this.vals[l];
			let rowLo = 0;
			let rowHi = 0;
			for (let j = l; j < n; j++) {
				const at = j * sizes * 2;
				let any = 0;
				let ends = 0;
				for (let t = 0; t < sizes; t++) {
					const lo = chains[at + 2 * t];
					const hi = chains[at + 2 * t + 1];
					any |= lo | hi;
					if (t >= minIndex) ends |= lo & this.goodLo | hi & this.goodHi;
				}
				if (any === 0) continue;
				if (ends !== 0) {
					if (j < 32) rowLo |= 1 << j;
					else rowHi |= 1 << j - 32;
					rowLo |= clear[2 * (j + 1)];
					rowHi |= clear[2 * (j + 1) + 1];
				}
				if (j + 1 < n) this.extend(j, j + 1);
				let gapLo = clear[2 * (j + 1)];
				let gapHi = clear[2 * (j + 1) + 1];
				while (gapLo !== 0) {
					const r = 31 - Math.clz32(gapLo & -gapLo);
					gapLo &= gapLo - 1;
					if (r + 1 < n) this.extend(j, r + 1);
				}
				while (gapHi !== 0) {
					const r = 63 - Math.clz32(gapHi & -gapHi);
					gapHi &= gapHi - 1;
					if (r + 1 < n) this.extend(j, r + 1);
				}
			}
			clear[2 * l] = rowLo;
			clear[2 * l + 1] = rowHi;
		}
	}
	/** Adds card k to every chain ending at j. */
	extend(j, k) {
		const chains = this.chains;
		const sizes = this.sizes;
		const v = this.vals[k];
		const from = j * sizes * 2;
		const to = k * sizes * 2;
		for (let t = 0; t < sizes; t++) {
			const lo = chains[from + 2 * t];
			const hi = chains[from + 2 * t + 1];
			if ((lo | hi) === 0) continue;
			const shiftedLo = lo << v;
			const shiftedHi = (hi << v | lo >>> 32 - v) & HIGH_SUMS;
			let u = t + 1;
			if (u === sizes) {
				if (this.maxRunBinds) continue;
				u = sizes - 1;
			}
			chains[to + 2 * u] |= shiftedLo;
			chains[to + 2 * u + 1] |= shiftedHi;
		}
	}
	/** The fewest cards left outside disjoint segments that clear. */
	fewestLeft(n) {
		const fewest = this.fewest;
		const clear = this.clear;
		fewest[0] = 0;
		for (let r = 0; r < n; r++) {
			let best = fewest[r] + 1;
			const word = r < 32 ? 0 : 1;
			const bit = 1 << (r & 31);
			for (let l = 0; l <= r; l++) if ((clear[2 * l + word] & bit) !== 0 && fewest[l] < best) best = fewest[l];
			fewest[r + 1] = best;
		}
		return fewest[n];
	}
};
/** Bits of totals 32..35 in a chain's high word. */
const HIGH_SUMS = 15;
// src/agents/transposition.ts
/**
* The arrays of a solver's transposition table: a power of two of entries, each a key of two or three 32-bit words, a
* byte of value and a generation stamp, by which `clear` forgets every entry in O(1). How a key is hashed, probed and
* replaced is each solver's own.
*/
var TranspositionTable = class {
	/** The entries less one: a hash masked with it is an entry. */
	mask;
	key1;
	key2;
	/** The third word of a three-word key (empty for two-word keys). */
	key3;
	val;
	/** The generation each entry was written in: one of another generation is free. */
	gen;
	generation = 1;
	/** `tableBits`: log2 of the entries (13 bytes each, 17 with three-word keys). */
	constructor(tableBits, keyWords = 2) {
		const size = 1 << tableBits;
		this.mask = size - 1;
		this.key1 = new Int32Array(size);
		this.key2 = new Int32Array(size);
		this.key3 = new Int32Array(keyWords === 3 ? size : 0);
		this.val = new Uint8Array(size);
		this.gen = new Uint32Array(size);
	}
	/** Forgets every entry (O(1), but for a wipe of the stamps once in 2^32 calls). */
	clear() {
		this.generation++;
		if (this.generation === 4294967295) {
			this.gen.fill(0);
			this.generation = 1;
		}
	}
	/** Writes an entry at `at` in this generation. */
	put(at, k1, k2, value) {
		this.gen[at] = this.generation;
		this.key1[at] = k1;
		this.key2[at] = k2;
		this.val[at] = value;
	}
};
// src/games/decade/agents/solver.ts
/**
* The exact solver of a decade deal whose stock order is known: a depth-first search
* over `Position`s with a transposition table, used by the oracle (on the true deal) and
* by the determinized search (on sampled deals).
*
* Value of a position (lower is better): 0 when the game can still be won, otherwise
* 1 + the fewest cards it can end with. A search stops at the first win it finds.
*
* - Forced moves (a single legal action) are applied in a loop, so only decision points
*   recurse and only decision points are stored in the table.
* - Moves are tried in the engine's order, but the draw (optional discards) last: drawing first,
*   a search with 'deck-bottom', whose stock never runs out, went down to its depth cap before it
*   tried a discard (docs/decisions.md, "Optional discards with 'deck-bottom'").
* - The table is keyed by a 64-bit hash (two 32-bit words) of what the future depends
*   on: the stock size, the current stack and every stack's values; with 'deck-bottom'
*   also the stock's values in order (discarded cards come back), and the step count when
*   `maxSteps` could cut a game short (below 78, the most steps a game without
*   'deck-bottom' can take). Entries of older searches are dropped in O(1) by a
*   generation stamp.
* - 'deck-bottom' can cycle: a position met again on the current path counts as lost
*   (the cycle would run to maxSteps). Values found that way are stored as if exact, and
*   the step count is not in the key, so with 'deck-bottom' the solver is a close
*   approximation, not exact.
* - The positions the game itself has already held (`HeldPositions`) count as on the path
*   too. Without them, each search's winning line is a real one, but following the first
*   winning move of one search after another can lead back to where the game has been,
*   and round again until maxSteps, while every search says the game is won.
* - A node budget (applied moves) and a depth cap bound every search; a search cut short
*   returns estimates (the cards on the table, as if lost there) and stores nothing it
*   did not finish.
*/
const WON$6 = 0;
const IN_PROGRESS$1 = 255;
const UNKNOWN = 254;
/** More decision points on one path than this are not searched (deep 'deck-bottom' cycles). */
const MAX_DEPTH$1 = 600;
/** Without 'deck-bottom' no game takes more steps than this (≤ 49 draws + ≤ 26 discards). */
const MAX_STEPS_WITHOUT_CYCLES = 78;
const PROBES$3 = 24;
var Solver = class {
	rules;
	/** Applied moves in the current search (decision and forced). */
	nodes = 0;
	/** Set when the node budget ran out: the values returned since are estimates. */
	aborted = false;
	budget = 0;
	lastExact = true;
	keySteps;
	table;
	levels;
	/** The current position's key (hashPosition): two 32-bit words. */
	key = /* @__PURE__ */ new Int32Array(2);
	/** Positions the current search counts as already on its path (the game's own). */
	held = null;
	/** `tableBits`: log2 of the transposition table's entries (13 bytes each). */
	constructor(rules, tableBits = 18) {
		this.rules = rules;
		this.levels = new SearchLevels(rules.stacks);
		this.keySteps = !rules.deckBottom && rules.maxSteps < MAX_STEPS_WITHOUT_CYCLES;
		this.table = new TranspositionTable(tableBits);
	}
	/** Forgets every stored position (O(1)). */
	clear() {
		this.table.clear();
	}
	/**
	* The value of position `p` (not modified): 0 = can be won, else 1 + fewest cards left.
	* At most `budget` moves are applied; `aborted` tells whether the value is exact. With
	* `held`, reaching one of those positions ends the line as a cycle does. The values
	* stored then depend on `held`: clear the table when it changes.
	*/
	value(p, budget, held = null) {
		this.levels.at(0).copyFrom(p);
		return this.start(budget, held);
	}
	/** The value after `action` in `p` (p is not modified). */
	valueAfter(p, action, budget, held = null) {
		const q = this.levels.at(0);
		q.copyFrom(p);
		q.apply(this.rules, action);
		return this.start(budget, held);
	}
	start(budget, held) {
		this.nodes = 0;
		this.budget = budget;
		this.aborted = false;
		this.held = held !== null && held.size > 0 ? held : null;
		return this.search(0);
	}
	terminalValue(p) {
		return p.status === 1 && p.tableCount <= this.rules.winLeft ? WON$6 : 1 + p.tableCount;
	}
	/** Value of positions[d], which it may change. Sets lastExact. */
	search(d) {
		const r = this.rules;
		const p = this.levels.at(d);
		const moves = this.levels.moves(d);
		let n = p.generate(r, moves);
		while (n === 1) {
			if (++this.nodes > this.budget) return this.estimate(p);
			p.apply(r, moves[0]);
			n = p.generate(r, moves);
		}
		if (n === 0) {
			this.lastExact = true;
			return this.terminalValue(p);
		}
		if (d >= MAX_DEPTH$1 || this.aborted) return this.estimate(p);
		this.hash(p);
		if (this.held?.has(this.key[0], this.key[1])) {
			this.lastExact = true;
			return 1 + p.tableCount;
		}
		const slot = this.find();
		if (slot >= 0) {
			const v = this.table.val[slot];
			if (v === IN_PROGRESS$1) {
				this.lastExact = true;
				return 1 + p.tableCount;
			}
			if (v !== UNKNOWN) {
				this.lastExact = true;
				return v;
			}
		}
		const at = slot >= 0 ? slot : this.insert();
		const table = this.table;
		table.val[at] = IN_PROGRESS$1;
		const h1 = this.key[0];
		const h2 = this.key[1];
		const child = this.levels.at(d + 1);
		let best = 255;
		let exact = true;
		const drawLast = moves[0] === 0 ? 1 : 0;
		for (let j = 0; j < n; j++) {
			const i = drawLast === 1 ? (j + 1) % n : j;
			if (++this.nodes > this.budget) {
				this.aborted = true;
				exact = false;
				if (best === 255) best = 1 + p.tableCount;
				break;
			}
			child.copyFrom(p);
			child.apply(r, moves[i]);
			const v = this.search(d + 1);
			if (!this.lastExact) exact = false;
			if (v < best) best = v;
			if (best === WON$6) {
				if (this.lastExact) exact = true;
				break;
			}
		}
		if (table.gen[at] === table.generation && table.key1[at] === h1 && table.key2[at] === h2) table.val[at] = exact ? best : UNKNOWN;
		this.lastExact = exact;
		return best;
	}
	estimate(p) {
		this.aborted = this.nodes > this.budget || this.aborted;
		this.lastExact = false;
		return 1 + p.tableCount;
	}
	hash(p) {
		hashPosition(p, this.rules.deckBottom, this.keySteps, this.key);
	}
	/** The slot holding the current hash, or -1. */
	find() {
		const t = this.table;
		const g = t.generation;
		const h1 = this.key[0];
		const h2 = this.key[1];
		let i = h1 & t.mask;
		for (let probe = 0; probe < PROBES$3; probe++) {
			if (t.gen[i] !== g) return -1;
			if (t.key1[i] === h1 && t.key2[i] === h2) return i;
			i = i + 1 & t.mask;
		}
		return -1;
	}
	/** A slot for the current hash: the first free one, or (table crowded) its home slot. */
	insert() {
		const t = this.table;
		const home = this.key[0] & t.mask;
		let i = home;
		let at = home;
		for (let probe = 0; probe < PROBES$3; probe++) {
			if (t.gen[i] !== t.generation) {
				at = i;
				break;
			}
			i = i + 1 & t.mask;
		}
		t.put(at, this.key[0], this.key[1], UNKNOWN);
		return at;
	}
};
/**
* The 64-bit key (two words, into `out`) of what a position's future depends on: the stock
* size, the current stack and every stack's values; with `withStock` the stock's values in
* order ('deck-bottom', where discarded cards come back); with `withSteps` the step count.
*/
function hashPosition(p, withStock, withSteps, out) {
	let a = Math.imul(p.stockLen + 1, 2654435761) ^ p.current;
	let b = Math.imul(p.stockLen + 5369127, 2246822519) + p.current;
	if (withSteps) {
		a = Math.imul(a ^ p.steps, 16777619);
		b = Math.imul(b + p.steps, 1540483477);
	}
	for (let k = 0; k < p.stacks; k++) {
		const n = p.len[k];
		const base = k * 52;
		a = Math.imul(a ^ n + 64, 16777619);
		b = Math.imul(b + n + 64, 1540483477) ^ b >>> 13;
		for (let i = 0; i < n; i++) {
			const v = p.vals[base + i];
			a = Math.imul(a ^ v, 16777619);
			b = Math.imul(b + v, 1540483477) ^ b >>> 13;
		}
	}
	if (withStock) for (let i = 0; i < p.stockLen; i++) {
		const v = p.stock[(p.head + i) % 52];
		a = Math.imul(a ^ v + 16, 16777619);
		b = Math.imul(b + v + 16, 1540483477) ^ b >>> 13;
	}
	out[0] = mix32(a);
	out[1] = mix32(b ^ 625341585);
}
/** One number (53 bits, exact in a double and in JSON) for a key's two words. */
function keyNumber(h1, h2) {
	return (h1 >>> 0) * 2097152 + (h2 >>> 11);
}
/**
* The positions a 'deck-bottom' game has held since its whole stock became known (memory.ts
* records them): a search that reaches one counts it as a cycle (`Solver.value`'s `held`).
* Only then can a game come back to a position: while a card is unseen, every draw takes an
* unseen card and the player knows more than it did.
*/
var HeldPositions = class {
	keys = /* @__PURE__ */ new Set();
	key = /* @__PURE__ */ new Int32Array(2);
	get size() {
		return this.keys.size;
	}
	/** Records `p` (its stock holding the true order). */
	add(p) {
		hashPosition(p, true, false, this.key);
		this.keys.add(keyNumber(this.key[0], this.key[1]));
	}
	has(h1, h2) {
		return this.keys.has(keyNumber(h1, h2));
	}
	clear() {
		this.keys.clear();
	}
	/** The same positions as `other`. */
	copyFrom(other) {
		this.keys.clear();
		for (const k of other.keys) this.keys.add(k);
	}
	/** The keys, to save beside what a player remembers (memory.ts, `Remembered`). */
	toArray() {
		return [...this.keys];
	}
	/** The positions `toArray` gave. */
	setKeys(keys) {
		this.keys.clear();
		for (const k of keys) this.keys.add(k);
	}
};
// src/games/decade/agents/memory.ts
var StockMemory = class {
	/** Cards at the top of the stock whose order is unknown. */
	unknown = 0;
	/** Known values under them, top first: known[(head + i) % 52]. */
	known = /* @__PURE__ */ new Uint8Array(52);
	head = 0;
	knownLen = 0;
	/** The state seen last (values, stock size, steps), or none. */
	last = null;
	seen = false;
	trial = null;
	moves = new Int32Array(DECADE_ACTIONS);
	counts = /* @__PURE__ */ new Int32Array(11);
	/** The cards the inferred move put under the stock. */
	picked = /* @__PURE__ */ new Uint8Array(52);
	pickedLen = 0;
	/** The last state's cards (ids, suits included), where `last` holds their values. */
	lastCards = /* @__PURE__ */ new Uint8Array(364);
	/** The positions the game has held since the whole stock became known. */
	held = new HeldPositions();
	scratch = null;
	/** The same memory as `other` (a copy, sharing nothing). */
	copyFrom(other) {
		this.unknown = other.unknown;
		this.known.set(other.known);
		this.head = other.head;
		this.knownLen = other.knownLen;
		this.seen = other.seen;
		this.lastCards.set(other.lastCards);
		this.held.copyFrom(other.held);
		if (other.last === null) {
			this.last = null;
			return;
		}
		if (this.last === null || this.last.stacks !== other.last.stacks) {
			this.last = new Position(other.last.stacks);
			this.trial = new Position(other.last.stacks);
		}
		this.last.copyFrom(other.last);
	}
	/** What it remembers, to restore with `restore` (a training checkpoint, a position labelled elsewhere). */
	remembered() {
		return {
			unknown: this.unknown,
			known: Array.from({ length: this.knownLen }, (_, i) => this.knownAt(i)),
			held: this.held.toArray()
		};
	}
	/** The memory `remembered` gave, standing at `state` (the state it was taken at). */
	restore(state, remembered) {
		if (this.last === null || this.last.stacks !== state.numStacks) {
			this.last = new Position(state.numStacks);
			this.trial = new Position(state.numStacks);
		}
		this.unknown = remembered.unknown;
		this.head = 0;
		this.knownLen = remembered.known.length;
		this.known.set(remembered.known);
		this.last.loadTableOnly(state);
		this.last.stockLen = state.stockLen;
		this.lastCards.set(state.table.subarray(0, state.numStacks * 52));
		this.seen = true;
		this.held.setKeys(remembered.held ?? []);
	}
	/** Forgets everything (a new episode). */
	clear() {
		this.seen = false;
		this.held.clear();
	}
	/** Brings the memory up to `state` (see the file's comment). */
	sync(state, r) {
		if (this.last === null || this.last.stacks !== r.stacks) {
			this.last = new Position(r.stacks);
			this.trial = new Position(r.stacks);
			this.seen = false;
		}
		const last = this.last;
		if (!(this.seen && (state.steps === last.steps ? this.same(state, last, -1) : state.steps === last.steps + 1 && this.infer(state, r))) || this.unknown + this.knownLen !== state.stockLen || !this.knownFits(state)) {
			this.unknown = state.stockLen;
			this.head = 0;
			this.knownLen = 0;
			this.held.clear();
		}
		last.loadTableOnly(state);
		last.stockLen = state.stockLen;
		this.lastCards.set(state.table.subarray(0, state.numStacks * 52));
		this.seen = true;
		if (this.unknown === 0) this.hold(state);
	}
	/** Records `state`, whose stock is all known, as held. */
	hold(state) {
		if (this.scratch === null || this.scratch.stacks !== state.numStacks) this.scratch = new Position(state.numStacks);
		const p = this.scratch;
		p.loadTableOnly(state);
		for (let i = 0; i < this.knownLen; i++) p.stock[i] = this.knownAt(i);
		p.head = 0;
		p.stockLen = this.knownLen;
		this.held.add(p);
	}
	/** Known cards under the unseen ones. */
	get knownCount() {
		return this.knownLen;
	}
	/** The value of the i-th known card (0 = the first drawn after the unseen ones). */
	knownAt(i) {
		return this.known[(this.head + i) % 52];
	}
	/** The unseen cards by value (1..10): the stock's composition minus the known cards. */
	unseenCounts(state, out) {
		for (let v = 1; v <= 10; v++) out[v] = state.stockValues[v];
		for (let i = 0; i < this.knownLen; i++) out[this.known[(this.head + i) % 52]]--;
	}
	/**
	* Loads the table of `state` into p with a sampled stock: the unseen cards (the
	* composition minus the known cards) shuffled with `rng`, then the known cards.
	*/
	fill(p, state, rng) {
		p.loadTableOnly(state);
		const c = this.counts;
		this.unseenCounts(state, c);
		let at = 0;
		for (let v = 1; v <= 10; v++) for (let k = 0; k < c[v]; k++) p.stock[at++] = v;
		shuffleInPlace(rng, p.stock, at);
		for (let i = 0; i < this.knownLen; i++) p.stock[at++] = this.known[(this.head + i) % 52];
		p.head = 0;
		p.stockLen = at;
	}
	/**
	* Finds the one legal move from the last state that gives `state` and applies its effect
	* on the stock; false when there is none, or several that pick up different orders.
	* Two runs can leave the same values on the table; the cards themselves (which the player
	* sees, suits included) tell which one went: its cards are no longer on the table.
	*/
	infer(state, r) {
		const last = this.last;
		const trial = this.trial;
		const n = last.generate(r, this.moves);
		let found = -1;
		for (let i = 0; i < n; i++) {
			const m = this.moves[i];
			trial.copyFrom(last);
			trial.apply(r, m);
			if (!this.same(state, trial, m === 0 ? trial.current : -1)) continue;
			if (found >= 0) {
				if (found === 0 || m === 0) return false;
				if (!this.samePickUp(last, found, m)) {
					const foundGone = this.cardsGone(last, found, state);
					if (foundGone === this.cardsGone(last, m, state)) return false;
					if (foundGone) continue;
				}
			}
			found = m;
		}
		if (found < 0) return false;
		if (found > 0) {
			this.pickUp(last, found);
			for (let i = 0; i < this.pickedLen; i++) this.known[(this.head + this.knownLen++) % 52] = this.picked[i];
			return true;
		}
		if (this.unknown > 0) {
			this.unknown--;
			return true;
		}
		const k = state.current;
		const drawn = CARD_VALUE[state.table[k * 52 + state.len[k] - 1]];
		if (this.knownLen === 0 || this.known[this.head] !== drawn) return false;
		this.head = (this.head + 1) % 52;
		this.knownLen--;
		return true;
	}
	/** Whether runs a and b of p put the same values under the stock in the same order. */
	samePickUp(p, a, b) {
		this.pickUp(p, a);
		const first = this.picked.slice(0, this.pickedLen);
		this.pickUp(p, b);
		return first.length === this.pickedLen && first.every((v, i) => v === this.picked[i]);
	}
	/** The values run `action` of p puts under the stock, in order, into `picked`. */
	pickUp(p, action) {
		this.runSpots(p, action);
		const base = p.current * 52;
		for (let i = 0; i < this.pickedLen; i++) this.picked[i] = p.vals[base + this.picked[i]];
	}
	/** The places on p's current stack that run `action` takes, in the order they go under the stock, into `picked`. */
	runSpots(p, action) {
		const start = runStartOf(action);
		const end = start + runLengthOf(action);
		const n = p.len[p.current];
		this.pickedLen = 0;
		for (let i = 0; i < end - n; i++) this.picked[this.pickedLen++] = i;
		for (let i = start; i < Math.min(end, n); i++) this.picked[this.pickedLen++] = i;
	}
	/** Whether none of the cards run `action` of p (the last state) takes is on `state`'s table. */
	cardsGone(p, action, state) {
		this.runSpots(p, action);
		const base = p.current * 52;
		for (let i = 0; i < this.pickedLen; i++) {
			const card = this.lastCards[base + this.picked[i]];
			for (let k = 0; k < state.numStacks; k++) for (let j = 0; j < state.len[k]; j++) if (state.table[k * 52 + j] === card) return false;
		}
		return true;
	}
	/** Whether `state` has p's table (stack `skipTop`'s top card, a drawn one, not compared). */
	same(state, p, skipTop) {
		if (state.stockLen !== p.stockLen || state.current !== p.current || state.tableCount !== p.tableCount) return false;
		for (let k = 0; k < p.stacks; k++) {
			const n = p.len[k];
			if (state.len[k] !== n) return false;
			const upTo = k === skipTop ? n - 1 : n;
			for (let i = 0; i < upTo; i++) if (CARD_VALUE[state.table[k * 52 + i]] !== p.vals[k * 52 + i]) return false;
		}
		return true;
	}
	/** The known cards are among the stock's composition. */
	knownFits(state) {
		const c = this.counts;
		for (let v = 1; v <= 10; v++) c[v] = state.stockValues[v];
		for (let i = 0; i < this.knownLen; i++) if (--c[this.known[(this.head + i) % 52]] < 0) return false;
		return true;
	}
};
// src/games/decade/agents/lookahead.ts
const WON$5 = 100;
const LOST$3 = -100;
function lookaheadConfigFor(o) {
	if (o.discard === "optional") return {
		depth: 1,
		maxNodes: 2e4,
		endgameBudget: 2e4
	};
	return {
		depth: 3,
		maxNodes: 2e4,
		endgameBudget: 2e4
	};
}
var LookaheadAgent = class {
	name;
	fair = true;
	config;
	rulesCache = new RulesCache();
	rules = null;
	levels = null;
	/** Unseen cards by value (1..10) and how many, updated along the search path. */
	unseen = /* @__PURE__ */ new Int32Array(11);
	unknownLeft = 0;
	/** Known cards under the unseen ones, in drawing order: queue[queueHead .. queueLen-1]. */
	queue = /* @__PURE__ */ new Uint8Array(208);
	queueHead = 0;
	queueLen = 0;
	memory = new StockMemory();
	/** Unused: with nothing unseen there is nothing to shuffle (memory.fill takes one). */
	rng = createRng(0);
	nodes = 0;
	maxNodes = 0;
	endgame = null;
	line = null;
	constructor(config = null, name = "lookahead") {
		this.config = config;
		this.name = name;
	}
	/** Forgets the memory and the solver's table: an episode never depends on the ones before. */
	reset(seed) {
		checkUnusedSeed(seed, this.name);
		this.memory.clear();
		this.endgame?.clear();
	}
	act(env) {
		this.observe(env);
		return this.choose(env);
	}
	/** Brings the memory of the stock up to env's state ('deck-bottom'; nothing to remember otherwise). */
	observe(env) {
		const { state, options } = decadeEnv(env, this.name);
		if (options.pickedUp === "deck-bottom") this.memory.sync(state, this.rulesCache.get(options));
	}
	choose(env) {
		if (env.legalCount === 1) return env.legal[0];
		const values = this.values(env);
		let best = 0;
		for (let i = 1; i < env.legalCount; i++) if (values[i] > values[best] || values[i] === values[best] && longestRank$1(env.legal[i]) > longestRank$1(env.legal[best])) best = i;
		return env.legal[best];
	}
	/**
	* Score ('heuristic', higher first): the expectimax value (about minus the cards on the
	* table `depth` draws ahead); with nothing unseen, minus the solver's value (0 = the
	* table clears); when holding, 0 for the draw and −1 for every discard.
	*/
	score(env) {
		this.observe(env);
		return sortedScores$1("heuristic", env.legalActions(), this.values(env));
	}
	values(env) {
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		if (rules !== this.rules) {
			this.rules = rules;
			this.levels = new SearchLevels(rules.stacks);
			this.endgame = null;
			this.line = null;
		}
		const config = this.config ?? lookaheadConfigFor(options);
		if (holdsUntilStockEmpty(rules) && state.stockLen > 0) return this.holdValues(env);
		if (rules.deckBottom ? this.memory.unknown === 0 : state.stockLen === 0) return this.solvedValues(env, state, config);
		this.maxNodes = config.maxNodes;
		this.nodes = 0;
		const root = this.levels.at(0);
		root.loadTableOnly(state);
		root.stockLen = state.stockLen;
		this.loadUnseen(state, rules);
		const out = [];
		for (let i = 0; i < env.legalCount; i++) out.push(this.afterAction(root, env.legal[i], config.depth, 1));
		return out;
	}
	/** Holding (hold.ts): while cards are unseen, drawing scores 0 and every discard −1. */
	holdValues(env) {
		const out = [];
		for (let i = 0; i < env.legalCount; i++) out.push(env.legal[i] === 0 ? 0 : -1);
		return out;
	}
	/**
	* No card unseen: the deal is known, and minus the exact solver's value (0 = the table
	* clears) is the expectimax to the end. Without 'deck-bottom' every value stored then holds
	* for any deal (no future card is unknown), so the solver's table is kept from move to move.
	* With it, the searches count the positions the game has held as cycles (memory.ts), and
	* those grow with every move: the table is cleared for each decision.
	*/
	solvedValues(env, state, config) {
		if (lineSolves(this.rules)) return this.lineValues(env, state);
		const out = [];
		this.endgame ??= new Solver(this.rules, 18);
		const root = this.levels.at(0);
		const held = this.rules.deckBottom ? this.memory.held : null;
		if (held !== null) {
			this.memory.fill(root, state, this.rng);
			this.endgame.clear();
		} else root.loadTableOnly(state);
		for (let i = 0; i < env.legalCount; i++) out.push(-this.endgame.valueAfter(root, env.legal[i], config.endgameBudget, held));
		return out;
	}
	/** `solvedValues` by `LineSolver`: minus each action's exact value, found without search. */
	lineValues(env, state) {
		this.line ??= new LineSolver(this.rules);
		const root = this.levels.at(0);
		root.loadTableOnly(state);
		const out = [];
		for (let i = 0; i < env.legalCount; i++) out.push(-this.line.valueAfter(root, env.legal[i]));
		return out;
	}
	/**
	* The stock as the agent knows it: `unknownLeft` unseen cards on top (by value in
	* `unseen`), then the known queue (with 'deck-bottom': what the memory holds, and the
	* cards the search discards, which go under the stock in a known order).
	*/
	loadUnseen(state, rules) {
		this.queueHead = 0;
		this.queueLen = 0;
		if (rules.deckBottom) {
			this.memory.unseenCounts(state, this.unseen);
			this.unknownLeft = this.memory.unknown;
			for (let i = 0; i < this.memory.knownCount; i++) this.queue[this.queueLen++] = this.memory.knownAt(i);
		} else {
			for (let v = 1; v <= 10; v++) this.unseen[v] = state.stockValues[v];
			this.unknownLeft = state.stockLen;
		}
	}
	/** Value of taking `action` in p (p unchanged); levels ≥ d are scratch. */
	afterAction(p, action, depth, d) {
		if (action === 0) return this.chance(p, depth, d);
		const q = this.levels.at(d);
		q.copyFrom(p);
		const queued = this.queueLen;
		if (this.rules.deckBottom) this.pickUp(q, action);
		q.apply(this.rules, action);
		const v = this.decide(q, depth, d + 1);
		this.queueLen = queued;
		return v;
	}
	/** With 'deck-bottom' the run's cards go under the stock (oldest position first, as the engine does). */
	pickUp(p, action) {
		const start = runStartOf(action);
		const length = runLengthOf(action);
		const base = p.current * 52;
		const n = p.len[p.current];
		const end = start + length;
		const wrapped = end > n ? end - n : 0;
		for (let i = 0; i < wrapped; i++) this.queue[this.queueLen++] = p.vals[base + i];
		for (let i = start; i < Math.min(end, n); i++) this.queue[this.queueLen++] = p.vals[base + i];
	}
	/** Our move in p (p may be changed): the best of the legal actions. */
	decide(p, depth, d) {
		const r = this.rules;
		const moves = this.levels.moves(d - 1);
		const n = p.generate(r, moves);
		if (n === 0) return p.won(r) ? WON$5 : LOST$3 - p.tableCount;
		if (++this.nodes > this.maxNodes) return this.horizon(p);
		if (n === 1 && moves[0] === 0) return this.chance(p, depth, d);
		let best = -Infinity;
		for (let i = 0; i < n; i++) {
			const v = this.afterAction(p, moves[i], depth, d);
			if (v > best) best = v;
		}
		return best;
	}
	horizon(p) {
		return -p.tableCount;
	}
	/**
	* Draw from p (p unchanged): the average over the unseen values, or the known next
	* card once no unseen card is above it, or the horizon value.
	*/
	chance(p, depth, d) {
		if (depth === 0 || p.stockLen === 0) return this.horizon(p);
		const k = p.nextLiveStack(p.current);
		const q = this.levels.at(d);
		if (this.unknownLeft === 0) {
			const v = this.queue[this.queueHead++];
			this.drawValue(p, q, k, v);
			const value = this.decide(q, depth - 1, d + 1);
			this.queueHead--;
			return value;
		}
		const total = this.unknownLeft;
		let sum = 0;
		this.unknownLeft--;
		for (let v = 1; v <= 10; v++) {
			const count = this.unseen[v];
			if (count === 0) continue;
			this.drawValue(p, q, k, v);
			this.unseen[v]--;
			sum += count * this.decide(q, depth - 1, d + 1);
			this.unseen[v]++;
		}
		this.unknownLeft++;
		return sum / total;
	}
	/** q = p after drawing a card of value v onto stack k. */
	drawValue(p, q, k, v) {
		q.copyFrom(p);
		q.steps++;
		q.stockLen--;
		q.push(k, v);
	}
};
// src/games/decade/agents/oracle.ts
/** A solver value (0: a win, else 1 + the cards left) as minus the cards left at the end, a win counting 0. */
function minusCardsLeft(value) {
	return value <= 1 ? 0 : 1 - value;
}
/** Whether the oracle plays under these rules: not on one line with optional discards and 'deck-bottom' (above). */
function oracleSearches(r) {
	return !(r.stacks === 1 && r.optional && r.deckBottom);
}
var OracleAgent$2 = class {
	name = "oracle";
	fair = false;
	budget;
	tableBits;
	rulesCache = new RulesCache();
	rules = null;
	/** The search, or where holding is free the line's exact value (one of the two). */
	solver = null;
	line = null;
	root = null;
	/** The stock values (top first) the table was filled for. */
	dealStock = /* @__PURE__ */ new Uint8Array(52);
	dealLen = -1;
	/** 'deck-bottom': the positions of this game it has been shown. */
	held = new HeldPositions();
	constructor(config = {}) {
		this.budget = config.budget ?? 2e6;
		this.tableBits = config.tableBits ?? 20;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
		this.dealLen = -1;
		this.solver?.clear();
		this.held.clear();
	}
	act(env) {
		this.rulesFor(env);
		if (env.legalCount === 1) return env.legal[0];
		const values = this.values(env);
		let best = 0;
		for (let i = 1; i < env.legalCount; i++) if (values[i] < values[best] || values[i] === values[best] && longestRank$1(env.legal[i]) > longestRank$1(env.legal[best])) best = i;
		return env.legal[best];
	}
	/**
	* Score (unit 'minus-cards-left'): minus the fewest cards the action can leave on the table at
	* the end (past `budget`, an estimate), 0 when it still wins the deal. Ranked by the solver's
	* values, as `act` chooses: a win stays ahead of a loss that leaves no card (a game cut short by
	* maxSteps), though both score 0.
	*/
	score(env) {
		checkPlaying(env, this.name);
		return {
			kind: "value",
			unit: "minus-cards-left",
			actions: sortedScores$1("value", env.legalActions(), this.values(env).map((v) => -v)).actions.map(({ action, score }) => ({
				action,
				score: minusCardsLeft(-score)
			}))
		};
	}
	/** The solver's value of every legal action, in the env's legal order. */
	values(env) {
		const { state } = decadeEnv(env, this.name);
		const rules = this.rulesFor(env);
		if (rules !== this.rules) {
			this.rules = rules;
			const holds = holdsUntilStockEmpty(rules);
			this.line = lineSolves(rules) ? new LineSolver(rules) : null;
			this.solver = holds ? null : new Solver(rules, this.tableBits);
			this.root = new Position(rules.stacks);
			this.dealLen = -1;
		}
		const root = this.root;
		root.loadTrue(state);
		const out = [];
		if (this.line !== null && (this.solver === null || root.stockLen === 0)) {
			for (let i = 0; i < env.legalCount; i++) out.push(this.line.valueAfter(root, env.legal[i]));
			return out;
		}
		this.keepOrClearTable(root, rules);
		const held = rules.deckBottom ? this.held : null;
		held?.add(root);
		for (let i = 0; i < env.legalCount; i++) out.push(this.solver.valueAfter(root, env.legal[i], this.budget, held));
		return out;
	}
	/** The env's rules, refused where the oracle does not play (`oracleSearches`). */
	rulesFor(env) {
		const rules = this.rulesCache.get(decadeEnv(env, this.name).options);
		if (!oracleSearches(rules)) throw new TengymError("bad-argument", `agent "${this.name}" does not play one line with optional discards and pickedUp 'deck-bottom': no deal can be won there, and its searches could only guess, at about a second a decision`);
		return rules;
	}
	/**
	* Clears the table unless it was filled for this deal (the stock is a suffix of that one's); with 'deck-bottom', for
	* every decision (the positions held grow).
	*/
	keepOrClearTable(root, rules) {
		if (rules.deckBottom) {
			this.solver.clear();
			return;
		}
		if (!this.sameDeal(root)) {
			this.solver.clear();
			for (let i = 0; i < root.stockLen; i++) this.dealStock[i] = root.stock[(root.head + i) % 52];
			this.dealLen = root.stockLen;
		}
	}
	sameDeal(root) {
		if (this.dealLen < root.stockLen) return false;
		const skip = this.dealLen - root.stockLen;
		for (let i = 0; i < root.stockLen; i++) if (this.dealStock[skip + i] !== root.stock[(root.head + i) % 52]) return false;
		return true;
	}
};
// src/games/decade/agents/pimc.ts
/**
* `pimc` — determinized search (perfect-information Monte Carlo). At a decision point
* (more than one legal action) it deals K plausible stocks: the stock's composition,
* which a player knows, in orders shuffled with the agent's own seeded generator (never
* the true order: the shuffle starts from the composition in a fixed order, so the true
* order cannot leak in). On each sampled deal it solves every legal action exactly (the
* oracle's solver, capped at `budget` moves per action) and counts, per action, the
* samples in which it still clears the table. It plays the action that clears in the
* most samples; ties go to the fewest cards left on average, then to `longest`'s choice.
*
* With no card unseen (the stock is empty) one "sample" is the true deal: it solves it
* once, with `endgameBudget`, and keeps the solver's table from move to move.
*
* Optional discards on one straight line (`decade-optional`): drawing is provably never
* worse (hold.ts), so it draws while the stock lasts without sampling, then values the
* full line exactly, without search (`LineSolver`) — the perfect-information optimum,
* which a fair player can reach there. `score` still samples (each sample valued with the
* whole stock drawn, as exactly).
*
* With 'deck-bottom' (Ten-Twenty-Thirty) it remembers the order in which discarded cards
* went under the stock (memory.ts: it must see every state of the game, as `act` does in
* an evaluation) and samples only the cards it has not seen; after one pass through the
* deck it plays the known deal exactly, its searches counting the positions the game has
* already held as cycles (solver.ts, `HeldPositions`), with the table cleared each decision.
*
* `score` is the fraction of samples in which the action clears ('win-probability'), with the
* mean cards left over the samples (`cardsLeft`).
*
* The samples at a decision are drawn from a generator seeded by the episode's seed and what
* the player sees there (the table, the stock's composition, the step, the remembered cards:
* `seenHash`), never by the calls made before: `act` and `score` agree on a position, and a
* hint for a position is the same whoever asks and whatever was asked before.
*/
/** `pimc`'s budgets on the decade family's one-stock presets (moves per action's search; with nothing unseen). */
const PIMC_BUDGET = 2e4;
const PIMC_ENDGAME_BUDGET = 2e5;
/** Samples and budgets by option set: chosen so a 1,000-deal evaluation takes minutes. */
function pimcConfigFor(o) {
	if (o.discard === "optional") return {
		samples: 24,
		budget: 4e3,
		endgameBudget: 1e5
	};
	if (o.pickedUp === "deck-bottom") return {
		samples: 32,
		budget: PIMC_BUDGET,
		endgameBudget: PIMC_ENDGAME_BUDGET
	};
	return {
		samples: 128,
		budget: PIMC_BUDGET,
		endgameBudget: PIMC_ENDGAME_BUDGET
	};
}
/**
* pimc's decision rule on compact positions, apart from any env: the agent below plays it, and
* measurements on decks the env does not deal (research/decade-reduced-room.ts) call it directly.
*/
var PimcSearch = class PimcSearch {
	rules;
	solver;
	/** Where holding is free: each sample's line, its stock drawn, valued exactly without search. */
	line;
	sample;
	constructor(rules, tableBits = 18) {
		this.rules = rules;
		this.solver = new Solver(rules, tableBits);
		this.line = holdsUntilStockEmpty(rules) ? new LineSolver(rules) : null;
		this.sample = new Position(rules.stacks);
	}
	/**
	* Solves each of the `n` legal moves on `samples` deals, each dealt into a position by `fill`
	* (the table, and the stock in a fair order drawn from `rng`). `hidden`: some card is unseen
	* (else the one deal is the true one, and the solver keeps its table from sample to sample,
	* and from call to call unless `held`: the positions the game has held, which the searches
	* count as cycles).
	*/
	tally(legal, n, samples, budget, hidden, rng, fill, held = null) {
		const t = {
			wins: new Float64Array(n),
			values: new Float64Array(n),
			samples
		};
		for (let k = 0; k < samples; k++) {
			fill(this.sample, rng);
			if (hidden || held !== null) this.solver.clear();
			for (let i = 0; i < n; i++) {
				const v = this.solve(legal[i], budget, held);
				if (v === 0) t.wins[i]++;
				t.values[i] += v;
			}
		}
		return t;
	}
	/** Whether move i beats move j: more samples cleared, then fewer cards left on average, then `longest`'s order. */
	static better(legal, t, i, j) {
		if (t.wins[i] !== t.wins[j]) return t.wins[i] > t.wins[j];
		if (t.values[i] !== t.values[j]) return t.values[i] < t.values[j];
		return longestRank$1(legal[i]) > longestRank$1(legal[j]);
	}
	/** The index of the best of `n` moves. */
	static best(legal, t, n) {
		let best = 0;
		for (let i = 1; i < n; i++) if (PimcSearch.better(legal, t, i, best)) best = i;
		return best;
	}
	/** The solver's value of `action` on the current sample. */
	solve(action, budget, held) {
		return this.line === null ? this.solver.valueAfter(this.sample, action, budget, held) : this.line.valueAfter(this.sample, action);
	}
};
var PimcAgent$2 = class {
	name;
	fair = true;
	config;
	seed = 0;
	rulesCache = new RulesCache();
	search = null;
	memory = new StockMemory();
	/** `config`: fixed samples and budgets; null = `pimcConfigFor` the env's options. */
	constructor(config = null, name = "pimc") {
		this.config = config;
		this.name = name;
	}
	/** Re-seeds, and forgets the memory and the solver's table: an episode never depends on the ones before. */
	reset(seed) {
		this.seed = validateSeed(seed, `agent "${this.name}" seed`);
		this.memory.clear();
		this.search?.solver.clear();
	}
	act(env) {
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		if (rules.deckBottom) this.memory.sync(state, rules);
		return this.choose(env, state, rules);
	}
	choose(env, state, rules) {
		if (env.legalCount === 1) return env.legal[0];
		if (state.stockLen > 0 && env.mask[0] === 1 && holdsUntilStockEmpty(rules)) return 0;
		return env.legal[PimcSearch.best(env.legal, this.tally(env), env.legalCount)];
	}
	/**
	* How many cards at the top of the stock this agent has not seen (all of it, unless it remembers picked-up cards).
	*/
	unseenCount(env) {
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		if (!rules.deckBottom) return state.stockLen;
		this.memory.sync(state, rules);
		return this.memory.unknown;
	}
	/** Brings the memory of the stock up to env's state ('deck-bottom'; nothing to remember otherwise). */
	observe(env) {
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		if (rules.deckBottom) this.memory.sync(state, rules);
	}
	/** Remembers `remembered` at `env`'s state: a position labelled away from its game (distillation). */
	restoreMemory(env, remembered) {
		this.memory.restore(decadeEnv(env, this.name).state, remembered);
	}
	/** Starts from what `other` remembers of the stock (a game continued from where `other` stands). */
	copyMemoryFrom(other) {
		this.memory.copyFrom(other.memory);
	}
	/** Score: the fraction of sampled deals in which the action still clears the table. */
	score(env) {
		this.observe(env);
		const t = this.tally(env);
		const order = Array.from({ length: env.legalCount }, (_, i) => i);
		order.sort((a, b) => PimcSearch.better(env.legal, t, a, b) ? -1 : PimcSearch.better(env.legal, t, b, a) ? 1 : 0);
		return {
			kind: "win-probability",
			actions: order.map((i) => ({
				action: env.legal[i],
				score: t.wins[i] / t.samples,
				expected: { cardsLeft: (t.values[i] - (t.samples - t.wins[i])) / t.samples }
			})),
			...t.samples > 1 ? { samples: t.samples } : {}
		};
	}
	tally(env) {
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		const config = this.config ?? pimcConfigFor(options);
		if (this.search === null || this.search.rules !== rules) this.search = new PimcSearch(rules, config.tableBits ?? 18);
		const hidden = rules.deckBottom ? this.memory.unknown > 0 : state.stockLen > 0;
		const rng = createRng(deriveSeed(this.seed, seenHash$3(state, rules.deckBottom ? this.memory : null)));
		const fill = rules.deckBottom ? (sample, r) => this.memory.fill(sample, state, r) : (sample, r) => sample.loadFair(state, r);
		const held = rules.deckBottom && !hidden ? this.memory.held : null;
		return this.search.tally(env.legal, env.legalCount, hidden ? config.samples : 1, hidden ? config.budget : config.endgameBudget, hidden, rng, fill, held);
	}
};
/**
* A 32-bit hash of what a player sees in `state`: every stack's cards, the current stack, the
* step, the stock's size and composition, and with 'deck-bottom' the cards remembered under
* the unseen ones. Never the stock's order.
*/
function seenHash$3(state, memory) {
	let h = mix32(Math.imul(state.steps + 1, 2654435761) ^ state.current << 8 ^ state.stockLen);
	for (let k = 0; k < state.numStacks; k++) {
		const base = k * 52;
		h = mix32(h ^ 256 + state.len[k]);
		for (let i = 0; i < state.len[k]; i++) h = mix32(h + state.table[base + i]);
	}
	for (let v = 1; v <= 10; v++) h = mix32(h ^ (v << 8 | state.stockValues[v]));
	if (memory) for (let i = 0; i < memory.knownCount; i++) h = mix32(h + 512 + memory.knownAt(i));
	return h >>> 0;
}
// src/games/decade/agents/lost-deals.ts
/**
* A fast test that a deal of one straight line with forced discards cannot be won, for `pickDeal` to spare the exact
* solver most losing deals (`GameKit.cannotWin`): decade-max3's deals are won about once in 6,000, and the solver
* takes about 3 ms a deal, where this test takes microseconds.
*
* Why it is fast: on one straight line, with discards forced, the line holds no run when a card is drawn (else the
* player would have had to discard), so every run after a draw ends at the drawn card, and what is left once it is
* discarded is a part of a line that held none: the next move is a draw. The game is a stack: each card drawn is
* pushed, and then one run that ends with it may be popped, the player choosing among the runs that end there. A
* search over those choices alone (a few a deal) decides the deal. The deal's first cards are the exception (a run
* may lie anywhere among them): each run the env offers there is tried on a copy.
*
* It says "lost" only where the search found no way to clear the line; a search that runs past its budget says
* nothing. Deals it passes are still decided by the solver.
*
* A line dealt whole (`dealAll`, no stock) is decided exactly by an interval search (`openLineClears`), in
* milliseconds, where the solver took up to a minute to exhaust a losing deal.
*/
/** Search nodes before the test gives up (it then says nothing of the deal). */
const NODE_BUDGET = 1e5;
/**
* True when the game at env's state (a fresh deal, or any later state) cannot be won, on one straight line with
* forced discards where discarded cards leave the game, or on a line dealt whole; false when it can, or when the
* test cannot tell.
*/
function surelyLost(env) {
	const decade = decadeOf(env);
	if (decade === null) return false;
	const { state, options: o } = decade;
	if (o.stacks !== 1 || o.loop || o.pickedUp !== "discard") return false;
	if (o.dealAll === true && state.stockLen === 0) return !openLineClears(Array.from(state.table.subarray(0, state.len[0]), (card) => CARD_VALUE[card]), o.minRun, maxRunLength(o), runTotals(o), o.win === "one-left");
	return o.discard === "forced" && !mayWin(env);
}
/**
* Whether a line with no stock can be cleared (with `oneLeft`, all but one card) by discarding runs of adjacent
* cards of `minRun` to `maxRun` cards whose total is good, an exact interval search. Cards i … j − 1 clear when the
* run that takes card i runs from i to some e, the stretches between its cards cleared before it, and e + 1 … j − 1
* clear by themselves: no run can reach past a card of a run still there. Each run's possible totals are bits (two
* words: totals up to 63), a set per last card and count of cards. About n³ · maxRun steps: milliseconds for 52 cards.
*/
function openLineClears(values, minRun, maxRun, good, oneLeft = false) {
	const n = values.length;
	const width = n + 1;
	const clears = new Uint8Array(width * width);
	for (let a = 0; a <= n; a++) clears[a * width + a] = 1;
	let goodLo = 0;
	let goodHi = 0;
	for (let t = 1; t < good.length && t < 64; t++) {
		if (good[t] !== 1) continue;
		if (t < 32) goodLo |= 1 << t;
		else goodHi |= 1 << t - 32;
	}
	const most = Math.min(maxRun, n);
	const lo = new Int32Array(n * (most + 1));
	const hi = new Int32Array(n * (most + 1));
	const runsTo = new Uint8Array(n);
	for (let i = n - 1; i >= 0; i--) {
		lo.fill(0);
		hi.fill(0);
		runsTo.fill(0);
		lo[i * (most + 1) + 1] = 1 << values[i];
		for (let p = i; p < n; p++) for (let m = 1; m <= most; m++) {
			const at = p * (most + 1) + m;
			const sumsLo = lo[at];
			const sumsHi = hi[at];
			if (sumsLo === 0 && sumsHi === 0) continue;
			if (m >= minRun && ((sumsLo & goodLo) !== 0 || (sumsHi & goodHi) !== 0)) runsTo[p] = 1;
			if (m === most) continue;
			for (let q = p + 1; q < n; q++) {
				if (clears[(p + 1) * width + q] === 0) continue;
				const v = values[q];
				const next = q * (most + 1) + m + 1;
				lo[next] |= sumsLo << v;
				hi[next] |= sumsHi << v | sumsLo >>> 32 - v;
			}
		}
		for (let j = i + 1; j <= n; j++) for (let e = i; e < j; e++) if (runsTo[e] === 1 && clears[(e + 1) * width + j] === 1) {
			clears[i * width + j] = 1;
			break;
		}
	}
	if (clears[n] === 1) return true;
	if (!oneLeft) return false;
	for (let k = 0; k < n; k++) if (clears[k] === 1 && clears[(k + 1) * width + n] === 1) return true;
	return false;
}
/** Whether env's state may be won: a run pending (the deal's first cards may hold one anywhere) tried on a copy. */
function mayWin(env) {
	if (!env.running) return env.outcome().won;
	if (env.isLegal(0)) return stackMayWin(decadeOf(env));
	return env.legalActions().some((action) => {
		const next = env.clone();
		next.step(action);
		return mayWin(next);
	});
}
/** Whether a state whose line holds no run may be won: the stack search over the stock's cards. */
function stackMayWin({ state, options }) {
	const good = runTotals(options);
	const maxRun = maxRunLength(options);
	const cards = state.stockLen;
	const stock = (k) => CARD_VALUE[state.stock[(state.stockHead + k) % 52]];
	const line = /* @__PURE__ */ new Int32Array(52);
	let top = state.len[0];
	for (let i = 0; i < top; i++) line[i] = CARD_VALUE[state.table[i]];
	let nodes = 0;
	/** Whether the line as it stands, the next card stock(next), may be cleared (true past the budget). */
	const draw = (next) => {
		if (++nodes > NODE_BUDGET) return true;
		if (next === cards) return top === 0;
		line[top++] = stock(next);
		let mayClear = false;
		let runs = 0;
		let sum = 0;
		for (let length = 1; length <= maxRun && length <= top && !mayClear; length++) {
			sum += line[top - length];
			if (sum >= good.length) break;
			if (length < options.minRun || good[sum] !== 1) continue;
			runs++;
			const run = line.slice(top - length, top);
			top -= length;
			mayClear = draw(next + 1);
			line.set(run, top);
			top += length;
		}
		if (runs === 0) mayClear = draw(next + 1);
		top--;
		return mayClear;
	};
	return draw(0);
}
// src/games/decade/kit.ts
/**
* The decade family's baselines. Every agent plays every decade id and option of the engine
* (it sees them through `rulesOf`, position.ts), but `optimal` and `oracle` (below); each
* file's doc comment gives the idea.
*
* | agent       | fair | idea |
* |-------------|------|------|
* | `longest`   | yes  | longest-run-first, oldest cards on a tie; draws only when no run is legal |
* | `lookahead` | yes  | expectimax over the next cards from the unseen composition; exact search once nothing is unseen |
* | `pimc`      | yes  | determinized search: solves K shuffles of the unseen cards exactly, plays what clears most often |
* | `oracle`    | NO   | cheats: the exact solver on the true stock order (the upper bound); not on one line with optional discards and 'deck-bottom' |
* | `optimal`   | yes  | only where holding is free (hold.ts), or on a line dealt whole (`dealAll`): `lookahead`'s plan there (draw every card, then solve the full line) with the oracle's solver budget; the optimum, the ceiling |
*/
const DECADE = [decadeGame];
/**
* Whether the oracle plays under these options: not on one line with optional discards and 'deck-bottom' (oracle.ts,
* `oracleSearches`).
*/
function oraclePlays(env) {
	const options = decadeOptionsOf(env);
	return options === null || oracleSearches(rulesOf$2(options));
}
/**
* Where `optimal` plays: where holding is free (hold.ts), or on a line dealt whole, whose value `LineSolver` gives
* from the first move.
*/
function holdsFree(env) {
	const options = decadeOptionsOf(env);
	if (options === null) return false;
	const rules = rulesOf$2(options);
	return holdsUntilStockEmpty(rules) || options.dealAll === true && lineSolves(rules);
}
const DECADE_AGENTS = [
	{
		name: "longest",
		description: "longest-run-first: discard the longest legal run (the oldest cards on a tie); draw only when no run is legal",
		fair: true,
		games: DECADE,
		create: () => new LongestRunAgent()
	},
	{
		name: "lookahead",
		description: "expectimax over the next cards drawn from the unseen composition (fewest cards on the table at the horizon); exact search once no card is unseen",
		fair: true,
		games: DECADE,
		create: () => new LookaheadAgent()
	},
	{
		name: "pimc",
		description: "determinized search: solves sampled orders of the unseen cards exactly and plays the action that clears the table in the most samples",
		fair: true,
		games: DECADE,
		create: () => new PimcAgent$2()
	},
	{
		name: "oracle",
		description: "CHEATS, sees the stock order: the exact solver on the true deal. The upper bound for the fair agents, not a fair agent. Not on one line with optional discards and pickedUp 'deck-bottom', where no deal can be won and its searches could only guess, at about a second a decision",
		fair: false,
		games: DECADE,
		plays: (env) => oraclePlays(env),
		create: () => new OracleAgent$2()
	},
	{
		name: "optimal",
		description: "the exact optimal policy where holding is free (optional discards on one straight line) or the line is dealt whole: draws every card, then solves the full line exactly. The ceiling, not a baseline",
		fair: true,
		ceiling: true,
		games: DECADE,
		plays: (env) => holdsFree(env),
		create: () => new LookaheadAgent(null, "optimal")
	}
];
/**
* The decade ids where `lookahead` ranks hints instead of `pimc` (under any name: `decade` with
* `{ stacks: 7 }` is `decade-stacks`): on seven stacks `pimc` is a
* little behind; on `decade-max3` every agent is level; on `ten-twenty-thirty` (where the shipped
* model answers, and `lookahead` for options it was not trained for) `pimc` is about 0.8 points
* ahead, but its hints only just fit the 10 ms a hint may take (p99 9.2 ms, single hints up to
* 67 ms: docs/hints.md, Latency).
*/
const LOOKAHEAD_IDS = /* @__PURE__ */ new Set([
	"decade-stacks",
	"decade-max3",
	"ten-twenty-thirty"
]);
/**
* Training presets. The decade family has ~2.4 decisions per 63-step game, nearly always between
* two runs: PPO with many copies and short rollouts, and PPO and DQN with the denser 'cards'
* reward (+1 per card discarded, scaled to about 1 per game) for training, which learned faster
* than the 'win' reward in our runs (docs/decisions.md, "Training"). Not with 'deck-bottom',
* where a discarded card comes back and 'cards' would pay for cycling. A higher entropy bonus
* keeps PPO from settling early on one of two near-equal runs. DQN: the observations are large
* (535 floats and a 677-byte mask per side of a transition), so a smaller buffer, which still
* spans ~500,000 env steps of play. Afterstate: with optional discards every step is a decision
* (draw or discard), so a run needs far fewer env steps for as many samples, and each sample
* pays for less of a gradient step.
*/
const cardsReward = (env) => env.options.pickedUp !== "deck-bottom" ? {
	trainingReward: "cards",
	rewardScale: 1 / 52
} : {};
/**
* The decade family: its agents, its hint sources (on `decade`, `decade-fives` and `decade-loop` the
* shipped models, distilled from `pimc` and level with it; on `ten-twenty-thirty` the shipped model,
* level with `lookahead`, both solving once the stock's order is known; elsewhere the exact
* optimum where holding is free, else `pimc`, `lookahead` on two ids) and its training presets.
*/
const DECADE_KIT = {
	agents: DECADE_AGENTS,
	simpleBaseline: "longest",
	searches: ["pimc", "lookahead"],
	solver: "oracle",
	cannotWin: surelyLost,
	difficultyThirds: {
		decade: {
			deals: 1e3,
			seed: 1,
			easy: 0,
			medium: 1,
			command: "npx tsx research/deal-difficulty.ts --env decade --deals 1000 --seed 1"
		},
		"decade-optional": {
			deals: 1e3,
			seed: 1,
			easy: 2,
			medium: 7,
			command: "npx tsx research/deal-difficulty.ts --env decade-optional --deals 1000 --seed 1"
		},
		"decade-loop": {
			deals: 1e3,
			seed: 1,
			easy: 1,
			medium: 3,
			command: "npx tsx research/deal-difficulty.ts --env decade-loop --deals 1000 --seed 1"
		},
		"decade-fives": {
			deals: 1e3,
			seed: 1,
			easy: 0,
			medium: 1,
			command: "npx tsx research/deal-difficulty.ts --env decade-fives --deals 1000 --seed 1"
		},
		"decade-stacks": {
			deals: 300,
			seed: 1,
			easy: 1,
			medium: 2,
			command: "npx tsx research/deal-difficulty.ts --env decade-stacks --deals 300 --seed 1"
		},
		"ten-twenty-thirty": {
			deals: 30,
			seed: 1,
			easy: 7,
			medium: 15,
			command: "npx tsx research/deal-difficulty.ts --env ten-twenty-thirty --deals 30 --seed 1"
		}
	},
	modelFirst: [
		"decade",
		"decade-fives",
		"decade-loop",
		"ten-twenty-thirty"
	],
	ladders: { "decade-open": {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env decade-open --agents random,first,longest,optimal --episodes 3000 --seed 1 --reference longest"],
		wins: {
			random: 428,
			first: 674,
			longest: 583,
			optimal: 2578
		}
	} },
	hintBaseline: (env, baseline) => {
		if (holdsFree(env)) return baseline("optimal", "the exact optimum");
		return LOOKAHEAD_IDS.has(registeredIdOf(env)) ? baseline("lookahead", "a search over the next cards' chances") : baseline("pimc", "a search that plays out many guesses of the unseen cards");
	},
	presets: {
		ppo: (env) => ({
			totalSteps: 15e6,
			numEnvs: 64,
			rolloutSteps: 16,
			minibatchSize: 256,
			hidden: [64, 64],
			learningRate: 5e-4,
			gamma: 1,
			entropyCoef: .03,
			...cardsReward(env),
			evalEvery: 1e6,
			evalEpisodes: 5e3
		}),
		dqn: (env) => ({
			totalSteps: 1e7,
			hidden: [64, 64],
			bufferSize: 2e4,
			learningStarts: 2e3,
			trainEvery: 8,
			gamma: 1,
			targetUpdate: 250,
			...cardsReward(env),
			evalEvery: 1e6,
			evalEpisodes: 5e3
		}),
		afterstate: (env) => env.options.discard === "optional" ? {
			totalSteps: 3e6,
			samplesPerUpdate: 512,
			evalEvery: 5e5,
			evalEpisodes: 2e3
		} : {
			totalSteps: 2e7,
			evalEvery: 2e6,
			evalEpisodes: 5e3
		}
	}
};
// src/games/decade/seven-up/engine.ts
/**
* Seven Up (`seven-up`; also Seventh Wonder, The Magic Seven): the line engine of Decade
* (src/games/decade/engine.ts) with its own run rule. All 52 cards are dealt face up in a line (with
* `dealAll: false`, three, then one at a time from the stock to its right end); a run of 2 to 4
* adjacent cards whose values total a multiple of 7, or a seven alone, leaves the line, and the gap
* closes. Values: A=1 … 10, J=11, Q=12, K=13. None left wins.
*
* ## Options
*
* | option     | values                         | default     | meaning |
* |------------|--------------------------------|-------------|---------|
* | `stacks`   | 1, 7                           | 1           | one line, or seven stacks dealt in rotation, as in Decade |
* | `minRun`   | integer 1..4                   | 1           | fewest cards in a run; 1 lets a seven go alone, 2 does not |
* | `maxRun`   | integer `minRun`..4, or null   | null        | most cards in a run; null = 4, the rule's longest |
* | `loop`     | boolean                        | false       | each line or stack is a loop, as in Decade |
* | `discard`  | 'forced', 'optional'           | 'optional'  | with a stock: optional, the player may draw at any time (PySolFC); forced, drawing is legal only when no run is |
* | `pickedUp` | 'discard', 'deck-bottom'       | 'discard'   | where discarded cards go: out of the game, or under the stock |
* | `win`      | 'empty', 'one-left'            | 'empty'     | a finished game with 0 (or at most 1) cards on the table is won |
* | `maxSteps` | integer 1..100000              | 5000        | actions since reset before the episode is truncated |
* | `reward`   | 'win', 'cards'                 | 'win'       | +1 on the last step of a won game, or +L for every run of L cards discarded |
* | `dealAll`  | boolean                        | true        | true: all 52 cards are dealt face up in the line at the start, with no stock (PySolFC's default; one line only); false: three cards, then draws |
*
* ## Actions (209 ids)
*
* | id                        | action |
* |---------------------------|--------|
* | 0                         | draw: the stock's top card goes to the right end of the line |
* | 1 + s*4 + (L-1)           | discard the run of L cards (1 ≤ L ≤ 4) starting at position s (0 ≤ s ≤ 51; 0 = the oldest card) |
*
* Draw is legal iff the stock is not empty and (`discard: 'optional'` or no run is legal); dealt whole, never.
* The rest (stacks, loops, the current stack) is as in Decade's engine.
*
* ## Observation (Float32Array of 679*S + 15 floats; S = `stacks`: 694 on one line)
*
* | index                       | meaning |
* |-----------------------------|---------|
* | [0, 676*S)                  | card values: stack k, position p is the 13-way one-hot at (k*52 + p)*13 + (value-1); zero past the stack's end |
* | [676*S, 677*S)              | cards in stack k / 52 |
* | [677*S, 678*S)              | 1 if stack k is eliminated |
* | [678*S, 679*S)              | 1 at the current stack |
* | [679*S, 679*S+13)           | stock composition: cards of value v = 1..13 in the stock / 4 |
* | 679*S+13                    | stock size / 52 |
* | 679*S+14                    | steps taken / maxSteps |
*
* Bounds are Decade's, with 13 values: every feature in [0, 1], the stock size at most
* max(52 − D, 1)/52 and the steps at most min(maxSteps, 52 − D + ⌊52/minRun⌋)/maxSteps
* (D = the cards dealt), both 1 with 'deck-bottom'.
*
* ## Rewards
*
* 'win': +1 on the step that ends a won game, else 0. 'cards': +L for a discarded run of L cards.
*
* ## Episode end
*
* Terminated when no action is legal; truncated at `maxSteps`. Outcome: `cardsLeft` = cards on
* the table; `won` = terminated with none left ('empty') or at most one ('one-left').
*/
/** Card value by card code: A=1 … K=13, no cap. */
const SEVEN_UP_VALUE = Uint8Array.from({ length: 52 }, (_, c) => (c >> 2) + 1);
/** Four kings total 52: no run of at most four cards totals more. */
const MAX_TOTAL$1 = 52;
const SEVENS = totalsTable(MAX_TOTAL$1, (t) => t % 7 === 0);
/** Seven Up's run rule (pushpin.py `SevenUp_RowStack`, line 501): multiples of 7, 1 to 4 cards. */
const SEVEN_UP_RULE = {
	value: SEVEN_UP_VALUE,
	values: 13,
	perValue: cardsPerValue(SEVEN_UP_VALUE, 13),
	shortest: 1,
	longest: 4,
	maxTotal: MAX_TOTAL$1,
	good: () => SEVENS,
	totalsText: () => "a multiple of 7",
	stepsWithoutCycles: 102
};
/** Seven Up: the line engine with Seven Up's rule (its options have no `fives`, which Decade's totals alone read). */
const sevenUpGame = lineGame({
	name: "seven-up",
	rule: SEVEN_UP_RULE,
	optionsSchema: (/* @__PURE__ */ extend(/* @__PURE__ */ omit(decadeOptionFields, { fives: true }), {
		minRun: decadeOption(int$1().check(/* @__PURE__ */ _gte(1), /* @__PURE__ */ _lte(4)), 1, "Fewest cards in a discard (1: a seven alone)"),
		maxRun: decadeOption(/* @__PURE__ */ nullable$1(int$1().check(/* @__PURE__ */ _gte(1), /* @__PURE__ */ _lte(4))), null, "Most cards in a discard (empty: 4)"),
		discard: decadeOption(/* @__PURE__ */ _enum$1(["forced", "optional"]), "optional", "With a stock, draw at any time (optional), or not"),
		dealAll: decadeOption(/* @__PURE__ */ boolean$1(), true, "All 52 cards dealt face up at the start, no stock (false: three, then draws)")
	})).check(lineOptionsCheck())
});
// src/games/decade/seven-up/agents/line-value.ts
const MOD = 7;
var SevenUpLineValue = class {
	minRun;
	maxRun;
	/** clear[l * 53 + r + 1] = 1 when cards l..r can all be discarded (r + 1 = l: the empty segment). */
	clear = /* @__PURE__ */ new Uint8Array(2809);
	/** chains[(j * 4 + t)]: bit m set when a chain from the current start to card j, of t + 1 cards, totals m mod 7. */
	chains = /* @__PURE__ */ new Int32Array(208);
	fewest = /* @__PURE__ */ new Int32Array(53);
	constructor(minRun, maxRun) {
		this.minRun = minRun;
		this.maxRun = maxRun;
	}
	/** The fewest cards the line `vals[0..n)` (values 1..13) can be brought down to. */
	fewestLeft(vals, n) {
		const W = 53;
		const clear = this.clear;
		const chains = this.chains;
		for (let l = n; l >= 0; l--) clear[l * W + l] = 1;
		for (let l = n - 1; l >= 0; l--) {
			for (let r = l; r < n; r++) clear[l * W + r + 1] = 0;
			chains.fill(0, l * 4, n * 4);
			chains[l * 4] = 1 << vals[l] % MOD;
			for (let j = l; j < n; j++) for (let t = 0; t < this.maxRun; t++) {
				const m = chains[j * 4 + t];
				if (m === 0) continue;
				if (t + 1 >= this.minRun && (m & 1) !== 0) {
					for (let r = j; r < n; r++) if (clear[(j + 1) * W + r + 1] === 1) clear[l * W + r + 1] = 1;
				}
				if (t + 1 >= this.maxRun) continue;
				for (let k = j + 1; k < n; k++) {
					if (clear[(j + 1) * W + k] !== 1) continue;
					const v = vals[k] % MOD;
					chains[k * 4 + t + 1] |= (m << v | m >>> MOD - v) & 127;
				}
			}
		}
		const fewest = this.fewest;
		fewest[0] = 0;
		for (let r = 0; r < n; r++) {
			let best = fewest[r] + 1;
			for (let l = 0; l <= r; l++) if (clear[l * W + r + 1] === 1 && fewest[l] < best) best = fewest[l];
			fewest[r + 1] = best;
		}
		return fewest[n];
	}
};
// src/games/decade/seven-up/agents/index.ts
/**
* Seven Up's agents beyond `random` and `first`. Decade's agents read Decade's values and action ids
* (values capped at 10, runs of 2 to 14), so they do not play it; these read the line and Seven Up's ids.
*
* | agent     | fair | idea |
* |-----------|------|------|
* | `longest` | yes  | the legal run with the most cards, the oldest of equal ones; draws only when no run is legal |
* | `optimal` | yes  | each move's exact value once nothing is left to draw (line-value.ts): the optimum on the line dealt whole; with a stock, the visible line's value |
*/
const DRAW$2 = 0;
/** The env's line state, refused for another game. */
function lineState(env, agent) {
	checkPlaying(env, agent);
	if (env.game !== sevenUpGame) throw new TengymError("bad-argument", `agent "${agent}" plays seven-up, not ${env.id}`);
	return env.rawState;
}
/** 64 × run length − start, the draw 0: `longest`'s order, and the tie-break of the others. */
function longestRank(action) {
	return action === DRAW$2 ? 0 : lineRunLength(SEVEN_UP_RULE, action) * 64 - lineRunStart(SEVEN_UP_RULE, action);
}
function ranked(kind, actions, scores) {
	const list = actions.map((action, i) => ({
		action,
		score: scores[i]
	}));
	list.sort((x, y) => y.score - x.score || longestRank(y.action) - longestRank(x.action));
	return {
		kind,
		actions: list
	};
}
var LongestAgent = class extends BestScoredAgent {
	name = "longest";
	score(env) {
		lineState(env, this.name);
		const actions = env.legalActions();
		return ranked("heuristic", actions, actions.map(longestRank));
	}
};
var OptimalAgent = class extends BestScoredAgent {
	name = "optimal";
	solver = null;
	vals = /* @__PURE__ */ new Uint8Array(52);
	/** Score: minus the fewest cards the line can be brought to after the move (the draw: the line as it is). */
	score(env) {
		const s = lineState(env, this.name);
		const o = env.options;
		this.solver ??= new SevenUpLineValue(o.minRun, o.maxRun ?? SEVEN_UP_RULE.longest);
		const n = s.len[s.current];
		const base = s.current * 52;
		const actions = env.legalActions();
		return ranked("value", actions, actions.map((action) => {
			if (action === DRAW$2) return -this.leftWithout(s, base, n, -1, 0);
			return -this.leftWithout(s, base, n, lineRunStart(SEVEN_UP_RULE, action), lineRunLength(SEVEN_UP_RULE, action));
		}));
	}
	/** The fewest cards left of the current line without the run (start, length). */
	leftWithout(s, base, n, start, length) {
		let m = 0;
		for (let i = 0; i < n; i++) {
			if (i >= start && i < start + length) continue;
			this.vals[m++] = SEVEN_UP_RULE.value[s.table[base + i]];
		}
		return this.solver.fewestLeft(this.vals, m);
	}
};
const SEVEN_UP = [sevenUpGame];
// src/games/decade/seven-up/module.ts
/** Seven Up as decade/index.ts registers it, after Decade: its engine, its id and its kit. */
const SEVEN_UP_MODULE = {
	game: sevenUpGame,
	ids: [{
		id: "seven-up",
		title: "Seven Up",
		description: "Seven Up: discard 2 to 4 adjacent cards of a line totalling a multiple of 7, or a seven alone"
	}],
	kit: {
		agents: [{
			name: "longest",
			description: "longest-run-first: discard the run with the most cards (the oldest on a tie); draw only when no run is",
			fair: true,
			games: SEVEN_UP,
			create: () => new LongestAgent()
		}, {
			name: "optimal",
			description: "the exact optimum on a line dealt whole: each move valued by the fewest cards the line can then be brought to (a polynomial solve); with a stock, the visible line valued so",
			fair: true,
			games: SEVEN_UP,
			create: () => new OptimalAgent()
		}],
		simpleBaseline: "longest",
		searches: ["optimal"],
		solver: "optimal",
		hintBaseline: (_env, baseline) => baseline("optimal", "the exact optimum on the line dealt whole"),
		ladders: { "seven-up": {
			deals: 3e3,
			seed: 1,
			commands: ["tengym eval --env seven-up --agents random,first,longest,optimal --episodes 3000 --seed 1 --reference longest"],
			wins: {
				random: 1557,
				first: 2069,
				longest: 1661,
				optimal: 2997
			}
		} }
	}
};
registerModule({
	game: decadeGame,
	ids: [
		{
			id: "decade",
			title: "Decade",
			description: "Decade: discard runs of consecutive cards totalling 10, 20 or 30 from a line; forced discards"
		},
		{
			id: "decade-optional",
			title: "Decade, discarding optional",
			preset: { discard: "optional" },
			description: "Decade, discarding optional: the player may draw instead"
		},
		{
			id: "decade-open",
			title: "Decade, dealt open",
			preset: { dealAll: true },
			description: "Decade with all 52 cards dealt face up in the line at the start (PySolFC plays it so)"
		},
		{
			id: "decade-max3",
			title: "Decade, runs of three",
			preset: { maxRun: 3 },
			description: "Decade, runs of at most three cards"
		},
		{
			id: "decade-loop",
			title: "Decade on a loop",
			preset: {
				loop: true,
				maxRun: 3
			},
			description: "Decade on a loop: runs of at most three may wrap and must include the last card"
		},
		{
			id: "decade-fives",
			title: "Decade with fives",
			preset: { fives: true },
			description: "Decade where totals 5, 15, 25 and 35 also discard"
		},
		{
			id: "decade-stacks",
			title: "Decade on seven stacks",
			preset: { stacks: 7 },
			description: "Decade on seven stacks dealt in rotation"
		},
		{
			id: "ten-twenty-thirty",
			title: "Ten-Twenty-Thirty",
			preset: {
				stacks: 7,
				loop: true,
				minRun: 3,
				maxRun: 3,
				pickedUp: "deck-bottom"
			},
			description: "Ten-Twenty-Thirty: seven piles, three cards from the ends, picked-up cards go under the stock"
		}
	],
	kit: {
		...DECADE_KIT,
		algorithms: {
			"expert-iteration": {
				module: "games/decade/training/expert-iteration.js",
				describe: "expert iteration (a search with learned values, the decade family)",
				fields: [["the decade family", "depth playDepth maxLeaves tieWeight outcomeWeight bufferSize learningStarts batchSize samplesPerUpdate costLossWeight epsilonStart epsilonEnd epsilonFraction annealLearningRate splitBatch"]]
			},
			distill: {
				module: "games/decade/training/distill.js",
				describe: "distillation of a search (the decade family)",
				fields: [["the decade family", "teacher labelWorkers teacherPlaysStart studentDepth playDepth maxLeaves endgame untilKnown endgamePositions endgameSamples tieWeight bufferSize learningStarts batchSize samplesPerUpdate costLossWeight epsilonStart epsilonEnd epsilonFraction annealLearningRate splitBatch"]]
			}
		}
	}
}, { shipped: true });
registerModule(SEVEN_UP_MODULE, { shipped: true });
/** Whether hands of these values fault: one above `handTarget`, Shadow above Hand, or Home below it. */
function handsFault(hand, home, shadow, handTarget) {
	return hand > handTarget || home > handTarget || shadow > handTarget || shadow > hand || home < hand;
}
/**
* The check after a change of the hands, from their values: NOTHING, SCORES or FAULTS (`check` decides which is looked
* at first).
*/
function judgeHands(hand, home, shadow, o) {
	const scores = hand === o.handTarget;
	const faults = handsFault(hand, home, shadow, o.handTarget);
	if (o.check === "points-first") return scores ? 1 : faults ? 2 : 0;
	return faults ? 2 : scores ? 1 : 0;
}
/** 5^i: the weight of counts[i] in a key. */
const POW5 = Int32Array.from({ length: 12 }, (_, i) => 5 ** i);
/** counts[i] (0..4) of a key: hand i >> 2's cards of value (i & 3) + 1. */
function keyDigit(key, i) {
	return Math.floor(key / POW5[i]) % 5;
}
/** Writes a key's 12 counts into `counts`. */
function keyCounts(key, counts) {
	for (let i = 0; i < 12; i++) counts[i] = keyDigit(key, i);
}
/** Key change of exchange e: Hand gives a, takes b; the side gives b, takes a. */
const EXCHANGE_DELTA = /* @__PURE__ */ new Int32Array(32);
for (let e = 0; e < 32; e++) {
	const side = (e >> 4) + 1;
	const a = e >> 2 & 3;
	const b = e & 3;
	EXCHANGE_DELTA[e] = -POW5[a] + POW5[b] + POW5[side * 4 + a] - POW5[side * 4 + b];
}
/** The key after exchange e, or −1 when it is impossible (a card missing, or a = b). */
function exchangedKey(key, e) {
	const side = (e >> 4) + 1;
	const a = e >> 2 & 3;
	const b = e & 3;
	if (a === b || keyDigit(key, a) === 0 || keyDigit(key, side * 4 + b) === 0) return -1;
	return key + EXCHANGE_DELTA[e];
}
/** Stock compositions are coded Σ count of v · 9^(v−1) (0..8 cards of each value): this many codes. */
const STOCK_CODES = 6561;
/** The code of a composition, `stock[v−1]` cards of value v. */
function stockCode(stock) {
	return stock[0] + 9 * stock[1] + 81 * stock[2] + 729 * stock[3];
}
/** Writes the composition of a code into `stock` (values 1..4 at 0..3). */
function stockOfCode(code, stock) {
	for (let v = 0; v < 4; v++) stock[v] = Math.floor(code / 9 ** v) % 9;
}
/** MS_COUNTS[m*4 + v-1]: how many v the multiset m holds. */
const MS_COUNTS = /* @__PURE__ */ new Uint8Array(280);
const MS_SUM = /* @__PURE__ */ new Uint8Array(70);
const MS_SIZE = /* @__PURE__ */ new Uint8Array(70);
/** m plus one v (−1 when m holds 4 cards). */
const MS_ADD = (/* @__PURE__ */ new Int8Array(280)).fill(-1);
/** m minus one v (−1 when m holds no v). */
const MS_REMOVE = (/* @__PURE__ */ new Int8Array(280)).fill(-1);
/** By the base-5 counts c1 + 5 c2 + 25 c3 + 125 c4. */
const MS_BY_KEY = (/* @__PURE__ */ new Int8Array(625)).fill(-1);
{
	let n = 0;
	for (let size = 0; size <= 4; size++) for (let c4 = 0; c4 <= size; c4++) for (let c3 = 0; c3 + c4 <= size; c3++) for (let c2 = 0; c2 + c3 + c4 <= size; c2++) {
		const c1 = size - c2 - c3 - c4;
		MS_COUNTS.set([
			c1,
			c2,
			c3,
			c4
		], n * 4);
		MS_SUM[n] = c1 + 2 * c2 + 3 * c3 + 4 * c4;
		MS_SIZE[n] = size;
		MS_BY_KEY[c1 + 5 * c2 + 25 * c3 + 125 * c4] = n;
		n++;
	}
	for (let m = 0; m < 70; m++) {
		let key = 0;
		for (let v = 0; v < 4; v++) key += MS_COUNTS[m * 4 + v] * POW5[v];
		for (let v = 0; v < 4; v++) {
			if (MS_SIZE[m] < 4) MS_ADD[m * 4 + v] = MS_BY_KEY[key + POW5[v]];
			if (MS_COUNTS[m * 4 + v] > 0) MS_REMOVE[m * 4 + v] = MS_BY_KEY[key - POW5[v]];
		}
	}
}
const NUM_CONFIGS = 343e3;
const H0 = 4900;
const H1 = 70;
/** A configuration id is Σ_h (hand h's multiset) · HAND_STRIDE[h]. */
const HAND_STRIDE = [
	H0,
	H1,
	1
];
function configId(hand, home, shadow) {
	return hand * H0 + home * H1 + shadow;
}
/** The multiset of hand h (0 Hand, 1 Home, 2 Shadow) in configuration `id`. */
function configHand(id, h) {
	return h === 0 ? Math.floor(id / H0) : h === 1 ? Math.floor(id / H1) % 70 : id % 70;
}
/** The configuration with hand h replaced by multiset m. */
function withHand(id, h, m) {
	if (h === 0) return id % H0 + m * H0;
	if (h === 1) return id + (m - Math.floor(id / H1) % 70) * H1;
	return id - id % 70 + m;
}
/** The hands' total value. */
function configTotal(id) {
	return MS_SUM[Math.floor(id / H0)] + MS_SUM[Math.floor(id / H1) % 70] + MS_SUM[id % 70];
}
/** Cards in the hands. */
function configCards(id) {
	return MS_SIZE[Math.floor(id / H0)] + MS_SIZE[Math.floor(id / H1) % 70] + MS_SIZE[id % 70];
}
/** The hands' count of value v (1..4). */
function configCount(id, v) {
	return MS_COUNTS[Math.floor(id / H0) * 4 + v - 1] + MS_COUNTS[Math.floor(id / H1) % 70 * 4 + v - 1] + MS_COUNTS[id % 70 * 4 + v - 1];
}
/** The check of a configuration (`judgeHands` of its hands' values). */
function judgeConfig(id, o) {
	return judgeHands(MS_SUM[Math.floor(id / H0)], MS_SUM[Math.floor(id / H1) % 70], MS_SUM[id % 70], o);
}
/** `id` with a card of value v added to hand h; −1 when h holds 4 cards. */
function addCard$1(id, h, v) {
	const m = MS_ADD[configHand(id, h) * 4 + v - 1];
	return m < 0 ? -1 : withHand(id, h, m);
}
/** `id` with a card of value v taken from hand h; −1 when h holds none. */
function removeCard$1(id, h, v) {
	const m = MS_REMOVE[configHand(id, h) * 4 + v - 1];
	return m < 0 ? -1 : withHand(id, h, m);
}
/** The configuration after exchange e (see the module comment); −1 when it is impossible (a card missing, or a = b). */
function afterExchange(id, e) {
	const side = (e >> 4) + 1;
	const a = e >> 2 & 3;
	const b = e & 3;
	const hand = MS_REMOVE[configHand(id, 0) * 4 + a];
	const other = MS_REMOVE[configHand(id, side) * 4 + b];
	if (hand < 0 || other < 0 || a === b) return -1;
	return withHand(withHand(id, 0, MS_ADD[hand * 4 + b]), side, MS_ADD[other * 4 + a]);
}
/** Writes the configurations one exchange away from `id` into `out`; returns how many. */
function exchangeNeighbours(id, out) {
	const a = Math.floor(id / H0);
	const b = Math.floor(id / H1) % 70;
	const c = id % 70;
	let n = 0;
	for (let x = 0; x < 4; x++) {
		if (MS_COUNTS[a * 4 + x] === 0) continue;
		const a1 = MS_REMOVE[a * 4 + x];
		for (let y = 0; y < 4; y++) {
			if (y === x) continue;
			const a2 = MS_ADD[a1 * 4 + y];
			if (MS_COUNTS[b * 4 + y] > 0) out[n++] = a2 * H0 + MS_ADD[MS_REMOVE[b * 4 + y] * 4 + x] * H1 + c;
			if (MS_COUNTS[c * 4 + y] > 0) out[n++] = a2 * H0 + b * H1 + MS_ADD[MS_REMOVE[c * 4 + y] * 4 + x];
		}
	}
	return n;
}
/** The configuration id of an engine key. */
function configOfKey(key) {
	const m = [
		0,
		0,
		0
	];
	for (let h = 0; h < 3; h++) {
		let byCounts = 0;
		for (let v = 0; v < 4; v++) byCounts += keyDigit(key, h * 4 + v) * POW5[v];
		m[h] = MS_BY_KEY[byCounts];
	}
	return configId(m[0], m[1], m[2]);
}
/** The engine key of a configuration id. */
function keyOfConfig(id) {
	let key = 0;
	for (let h = 0; h < 3; h++) {
		const m = configHand(id, h);
		for (let v = 0; v < 4; v++) key += MS_COUNTS[m * 4 + v] * POW5[h * 4 + v];
	}
	return key;
}
// src/games/four-ten/engine.ts
/**
* Four Ten (`four-ten`): a point-accumulation solitaire with 32 suitless cards.
*
* Rules by Jeremiah Sanders (https://www.jeremiahsanders.com), copyright © 2019, released under the
* Creative Commons Attribution-NonCommercial-ShareAlike 4.0 license
* (https://creativecommons.org/licenses/by-nc-sa/4.0/). This engine implements them as docs/rules.md
* ("Four Ten") states them, with the points they leave open decided in docs/decisions.md.
*
* ## Description
*
* 32 cards, eight each of the values 1–4 (written "1".."4"). Three hands — Hand, Home, Shadow — hold
* 0–4 cards each and are empty at the start of every round; every round uses a full 32-card deck.
* A turn draws the top card into a hand holding 3 cards or fewer (if all three hold 4, a card is
* replaced instead: it leaves play for the rest of the round and the next card takes its place),
* then allows any number of exchanges (a Hand card with a Home or Shadow card), then ends.
* After every placement, replacement and exchange: Hand = `handTarget` scores `handTarget` points
* and ends the round; a fault (any hand > `handTarget`, Shadow > Hand, or Home < Hand) ends it with
* no points (`check` decides which is looked at first). A fault is paid by a safety if any are
* left, else by points equal to Hand + Home + Shadow if the player has that many, else the game
* busts (lost). A placement or replacement that uses the round's 32nd card and does not end the
* round ends it with Hand + Home + Shadow points (the bottom of the deck). Won at `gameTarget`.
*
* ## Options
*
* | option        | values                              | default          | meaning |
* |---------------|-------------------------------------|------------------|---------|
* | `drawVisible` | boolean                             | `true`           | the drawn card is seen before choosing its hand (false: choose the hand, then the card is drawn into it) |
* | `check`       | `'points-first'` / `'faults-first'` | `'points-first'` | which check wins when one change both makes Hand = `handTarget` and faults |
* | `handTarget`  | integer 1..40                       | `10`             | the Hand value that scores, and the limit of every hand (above 16 no Hand can reach it: points come only from the bottom of the deck) |
* | `gameTarget`  | integer ≥ 1                         | `50`             | points that win the game |
* | `safeties`    | integer ≥ 0                         | `3`              | faults prevented for free, per game |
* | `maxRounds`   | integer ≥ 1                         | `100`            | the game is truncated when this many rounds have ended without a win or a bust |
* | `reward`      | `'points'` / `'rounds'`             | `'points'`       | see Rewards |
*
* ## Actions (48 ids)
*
* | ids   | action |
* |-------|--------|
* | 0–2   | place the drawn card into Hand (0), Home (1), Shadow (2); legal when some hand holds ≤ 3 cards and that hand does |
* | 3–14  | replace a card of value `v` in hand `h` (0 Hand, 1 Home, 2 Shadow): `3 + h*4 + (v-1)`; legal when all three hands hold 4 cards and hand `h` holds a `v` |
* | 15–46 | exchange a Hand card of value `a` with a card of value `b` in Home (`side` 0) or Shadow (`side` 1): `15 + side*16 + (a-1)*4 + (b-1)`; legal in the exchange phase when both cards exist and the resulting configuration was not yet seen this turn (so `a = b` never is) |
* | 47    | end the turn; always legal in the exchange phase |
*
* Nothing is masked for being bad: placements and exchanges that fault are legal.
* "Seen this turn" means: right after this turn's placement or replacement, or after one of its
* exchanges. A configuration is the three hands' value multisets.
*
* ## Observation (Float32Array of 33)
*
* | index  | meaning |
* |--------|---------|
* | 0–11   | hand `h`'s count of value `v` at `h*4 + (v-1)` (h: 0 Hand, 1 Home, 2 Shadow), / 4 |
* | 12–14  | Hand, Home, Shadow values (sums) / `handTarget` |
* | 15–17  | Hand, Home, Shadow sizes / 4 |
* | 18–21  | the visible drawn card, one-hot by value 1..4 (all zero when no card is showing) |
* | 22–24  | phase one-hot: place, replace, exchange (all zero once the game is over) |
* | 25–28  | the stock's cards of value 1..4 (undrawn this round), / 8 |
* | 29     | stock size / 32 |
* | 30     | points / `gameTarget` (can exceed 1 at the winning end) |
* | 31     | safeties left / `safeties` option (0 when the option is 0) |
* | 32     | rounds ended / `maxRounds` |
*
* The stock's order is never shown; cards out of play follow from 8 − the rest.
*
* Bounds (`observationBounds`), t = `handTarget`, g = `gameTarget`: every float lies in [0, 1]
* except these (every low is 0):
*
* | index  | high | why |
* |--------|------|-----|
* | 12, 14 | min(t + 3, 16)/t | a running turn has Shadow ≤ Hand ≤ t − 1 (Hand = t scores, Shadow > Hand faults); one change adds at most 4 (a placement, into at most 3 cards) or 3 (an exchange or replacement), and four cards make 16 at most. The hands that end the round stay shown when it ends the game |
* | 13     | min(t + 4, 16)/t | likewise from Home ≤ t |
* | 29     | 31/32 with `drawVisible` | a round's first card is drawn as it starts |
* | 30     | (g − 1 + m)/g | a game is won by the round that takes points from g − 1 or fewer to g or more; it adds m = the most of t (when t ≤ 16: Hand can reach it) and the bottom of the deck: the most Hand + Home + Shadow of three full hands (the deck is then drawn: 20 cards are out of play, which needs full hands) that pass the check, with eight cards of each value (`maxDeckOutPoints`; 28 for t = 10, so 1.54 for g = 50) |
*
* A flag that options pin (the drawn card without `drawVisible`, the safeties left with `safeties`
* 0: always 0) keeps [0, 1]: a feature whose low equals its high makes Gymnasium warn, and divides
* by zero in a (x − low)/(high − low) scaling.
*
* ## Rewards
*
* - `'points'`: the change of points on the step: +`handTarget`, + the bottom-of-deck sum, − the
*   points paid for a fault; 0 for a safety or a bust. The return is the final points.
* - `'rounds'`: −1 on each step that ends a round, except a bust, which gets −`maxRounds`.
*
* ## Episode end
*
* Terminated when points reach `gameTarget` (won) or a fault busts (lost; points stay as they
* were); truncated when `maxRounds` rounds have ended otherwise (terminated wins if both).
* `outcome` = { won, points, rounds (every round that ended, the last included), safeties (left) }.
*
* ## Decks and rounds
*
* `reset({ deck })` takes one or several whole 32-card decks (index 0 is drawn first), used one
* per round in order; later rounds (and every round of `reset({ seed })`) shuffle the ordered deck
* 1×8, 2×8, 3×8, 4×8 with the env's rng. A step that ends a round but not the game starts the next
* round in the same step (with `drawVisible`, its first card is drawn and showing).
*
* ## State JSON
*
* `{ phase: 'place'|'replace'|'exchange'|'won'|'bust'|'truncated', points, safeties (left), rounds
* (ended), hand, home, shadow (values, sorted), drawn ("3" or null), outOfPlay, stock (this round's
* undrawn cards, top first), queuedDecks (explicit decks not yet used), seenThisTurn ([{ hand, home,
* shadow }], exchange phase only) }`, cards as "1".."4". Once the game is over the hands keep the
* final round's last configuration.
*
* Past 600 lines on purpose: the round, its exchanges and its scoring meet in one hot path, whose state layout
* the whole file shares.
*/
/**
* What a Four Ten result is measured by besides the win: the rounds to reach the target (fewer is
* better; over the won games, as a lost game never reaches it), the points, and the rounds that
* ended in a fault (a round whose end brought no points: a round at the bottom of the deck always
* scores, since the hands are never empty by then).
*/
const FOUR_TEN_RESULT = {
	fields: [{
		key: "rounds",
		label: "rounds"
	}, {
		key: "points",
		label: "points"
	}],
	counters: [{
		key: "faults",
		label: "faults",
		count: (before, after) => after.rounds > before.rounds && after.points <= before.points ? 1 : 0
	}],
	figures: [
		{
			key: "meanRounds",
			label: "mean rounds",
			of: { mean: "rounds" },
			over: "won",
			digits: 3,
			better: "lower",
			in: [
				"report",
				"train",
				"eval"
			]
		},
		{
			key: "medianRounds",
			label: "median rounds",
			of: { median: "rounds" },
			over: "won",
			digits: 1,
			better: "lower"
		},
		{
			key: "pointsPerRound",
			label: "points/round",
			of: { ratio: ["points", "rounds"] },
			digits: 2,
			better: "higher",
			in: ["report", "eval"]
		},
		{
			key: "faultRate",
			label: "faults/round",
			of: { ratio: ["faults", "rounds"] },
			digits: 3,
			better: "lower"
		},
		{
			key: "meanRoundsPlayed",
			label: "mean rounds played",
			of: { mean: "rounds" },
			digits: 2,
			in: ["stats"]
		},
		{
			key: "meanPoints",
			label: "mean points",
			of: { mean: "points" },
			digits: 2,
			in: ["stats"]
		}
	],
	compare: {
		field: "rounds",
		over: "won-by-both",
		better: "lower"
	},
	curve: "meanRounds"
};
/** An option with its default and the words a form labels it with. */
const option = (schema, value, description) => (/* @__PURE__ */ _default$1(schema, value)).check(describe(description));
const fourTenOptionsSchema = /* @__PURE__ */ strictObject$1({
	drawVisible: option(/* @__PURE__ */ boolean$1(), true, "See the drawn card before choosing its hand"),
	check: option(/* @__PURE__ */ _enum$1(["points-first", "faults-first"]), "points-first", "When a move both scores and faults, which counts"),
	handTarget: option(int$1().check(/* @__PURE__ */ _gte(1), /* @__PURE__ */ _lte(40)), 10, "The Hand total that scores"),
	gameTarget: option(int$1().check(/* @__PURE__ */ _gte(1)), 50, "Points to win"),
	safeties: option(int$1().check(/* @__PURE__ */ _gte(0)), 3, "Faults forgiven per game"),
	maxRounds: option(int$1().check(/* @__PURE__ */ _gte(1)), 100, "Rounds before the game is stopped"),
	reward: option(/* @__PURE__ */ _enum$1(["points", "rounds"]), "points", "Training reward: points, or fewer rounds")
});
const HAND_SIZE = 4;
const NUM_ACTIONS = 48;
const OBS_SIZE = 33;
const HAND_NAMES = [
	"Hand",
	"Home",
	"Shadow"
];
const JSON_NAMES = [
	"hand",
	"home",
	"shadow"
];
/** Phases; the last three are the game's ends. */
const PLACE = 0;
const REPLACE = 1;
const EXCHANGE = 2;
const WON$4 = 3;
const BUST$1 = 4;
const OUT_OF_ROUNDS = 5;
const PHASE_NAMES = [
	"place",
	"replace",
	"exchange",
	"won",
	"bust",
	"truncated"
];
/**
* Distinct configurations one turn can visit: exchanges keep each hand's size and the cards in
* the hands, so Hand and Home (at most C(7,3) = 35 multisets each) determine Shadow.
*/
const SEEN_CAPACITY = 1225;
var FourTenState = class {
	/** This round's deck, values 1..4; deck[pos..31] is the stock, top first. */
	deck = /* @__PURE__ */ new Uint8Array(32);
	pos = 0;
	/** Explicit decks, concatenated; never mutated (states share it). Deck k is used by round k+1. */
	queue = /* @__PURE__ */ new Uint8Array(0);
	queueNext = 0;
	/** counts[h*4 + v-1]: how many cards of value v hand h holds. */
	counts = /* @__PURE__ */ new Uint8Array(12);
	sums = /* @__PURE__ */ new Int32Array(3);
	sizes = /* @__PURE__ */ new Int32Array(3);
	outOfPlay = /* @__PURE__ */ new Uint8Array(4);
	stockCounts = /* @__PURE__ */ new Uint8Array(4);
	/** The visible drawn card (drawVisible, place phase), 0 when none. */
	drawn = 0;
	phase = PLACE;
	/** The current configuration's key (four-ten-hands.ts: counts as base-5 digits). */
	key = 0;
	seen = new Int32Array(SEEN_CAPACITY);
	seenCount = 0;
	points = 0;
	safeties = 0;
	rounds = 0;
	/** How the last step ended a round (ROUND_* below; NO_ROUND_END when it did not), for `stepNote`: not in the JSON. */
	lastEnd = NO_ROUND_END;
	/** The hands' values when that round ended, and the points it gained or cost. */
	lastEndSums = /* @__PURE__ */ new Int32Array(3);
	lastEndPoints = 0;
};
const NO_ROUND_END = 0;
const ROUND_SCORED = 1;
const ROUND_DECK_OUT = 2;
const ROUND_FAULT_SAFETY = 3;
const ROUND_FAULT_PAID = 4;
const ROUND_BUST = 5;
function addCard(s, h, v) {
	const i = h * 4 + v - 1;
	s.counts[i]++;
	s.sums[h] += v;
	s.sizes[h]++;
	s.key += POW5[i];
}
function removeCard(s, h, v) {
	const i = h * 4 + v - 1;
	s.counts[i]--;
	s.sums[h] -= v;
	s.sizes[h]--;
	s.key -= POW5[i];
}
function drawTop(s) {
	const v = s.deck[s.pos++];
	s.stockCounts[v - 1]--;
	return v;
}
function handsTotal(s) {
	return s.sums[0] + s.sums[1] + s.sums[2];
}
function isFault(s, target) {
	return handsFault(s.sums[0], s.sums[1], s.sums[2], target);
}
/** The check after a placement, replacement or exchange. */
function judge(s, o) {
	return judgeHands(s.sums[0], s.sums[1], s.sums[2], o);
}
function wasSeen(s, key) {
	const seen = s.seen;
	for (let i = 0, n = s.seenCount; i < n; i++) if (seen[i] === key) return true;
	return false;
}
function startTurn(s, o) {
	s.seenCount = 0;
	if (s.sizes[0] === HAND_SIZE && s.sizes[1] === HAND_SIZE && s.sizes[2] === HAND_SIZE) {
		s.phase = REPLACE;
		s.drawn = 0;
	} else {
		s.phase = PLACE;
		s.drawn = o.drawVisible ? drawTop(s) : 0;
	}
}
/** The ordered deck 1×8, 2×8, 3×8, 4×8 (what seeded rounds shuffle). */
function orderedFourTenDeck(out = /* @__PURE__ */ new Uint8Array(32)) {
	for (let i = 0; i < 32; i++) out[i] = 1 + (i >> 3);
	return out;
}
/** Empties the hands (plain loops: TypedArray.fill costs more on arrays this small). */
function clearHands(s) {
	for (let i = 0; i < 12; i++) s.counts[i] = 0;
	for (let h = 0; h < 3; h++) {
		s.sums[h] = 0;
		s.sizes[h] = 0;
	}
	s.key = 0;
}
function newRound(s, o, rng) {
	const next = s.queueNext * 32;
	if (next < s.queue.length) {
		for (let i = 0; i < 32; i++) s.deck[i] = s.queue[next + i];
		s.queueNext++;
	} else {
		orderedFourTenDeck(s.deck);
		shuffleInPlace(rng, s.deck);
	}
	s.pos = 0;
	clearHands(s);
	for (let v = 0; v < 4; v++) {
		s.outOfPlay[v] = 0;
		s.stockCounts[v] = 8;
	}
	startTurn(s, o);
}
function endRound(s, o, rng) {
	s.rounds++;
	s.seenCount = 0;
	s.drawn = 0;
	if (s.points >= o.gameTarget) s.phase = WON$4;
	else if (s.rounds >= o.maxRounds) s.phase = OUT_OF_ROUNDS;
	else newRound(s, o, rng);
}
/** Notes how the round ends (for `stepNote`), before the next round clears the hands. */
function noteRoundEnd(s, how, points) {
	s.lastEnd = how;
	s.lastEndSums.set(s.sums);
	s.lastEndPoints = points;
}
function fault(s, o, rng) {
	const cost = handsTotal(s);
	noteRoundEnd(s, s.safeties > 0 ? ROUND_FAULT_SAFETY : s.points >= cost ? ROUND_FAULT_PAID : ROUND_BUST, cost);
	if (s.safeties > 0) s.safeties--;
	else if (s.points >= cost) s.points -= cost;
	else {
		s.rounds++;
		s.seenCount = 0;
		s.phase = BUST$1;
		return;
	}
	endRound(s, o, rng);
}
/** Checks after a change; a card from the deck (`drawn`) may also hit its bottom. */
function afterChange(s, o, rng, drawn) {
	const verdict = judge(s, o);
	if (verdict === 1) {
		noteRoundEnd(s, ROUND_SCORED, o.handTarget);
		s.points += o.handTarget;
		endRound(s, o, rng);
	} else if (verdict === 2) fault(s, o, rng);
	else if (!drawn) s.seen[s.seenCount++] = s.key;
	else if (s.pos === 32) {
		noteRoundEnd(s, ROUND_DECK_OUT, handsTotal(s));
		s.points += handsTotal(s);
		endRound(s, o, rng);
	} else {
		s.phase = EXCHANGE;
		s.seen[0] = s.key;
		s.seenCount = 1;
	}
}
function place(s, o, h, rng) {
	const v = s.drawn > 0 ? s.drawn : drawTop(s);
	s.drawn = 0;
	addCard(s, h, v);
	afterChange(s, o, rng, true);
}
function replace(s, o, h, v, rng) {
	removeCard(s, h, v);
	s.outOfPlay[v - 1]++;
	addCard(s, h, drawTop(s));
	afterChange(s, o, rng, true);
}
function exchange(s, o, e, rng) {
	const side = (e >> 4) + 1;
	const a = (e >> 2 & 3) + 1;
	const b = (e & 3) + 1;
	removeCard(s, 0, a);
	removeCard(s, side, b);
	addCard(s, 0, b);
	addCard(s, side, a);
	afterChange(s, o, rng, false);
}
function numActions() {
	return NUM_ACTIONS;
}
function observationSize() {
	return OBS_SIZE;
}
function createState$2() {
	return new FourTenState();
}
function copyState$2(src, dst) {
	dst.deck.set(src.deck);
	dst.pos = src.pos;
	dst.queue = src.queue;
	dst.queueNext = src.queueNext;
	dst.counts.set(src.counts);
	dst.sums.set(src.sums);
	dst.sizes.set(src.sizes);
	dst.outOfPlay.set(src.outOfPlay);
	dst.stockCounts.set(src.stockCounts);
	dst.drawn = src.drawn;
	dst.phase = src.phase;
	dst.key = src.key;
	for (let i = 0; i < src.seenCount; i++) dst.seen[i] = src.seen[i];
	dst.seenCount = src.seenCount;
	dst.points = src.points;
	dst.safeties = src.safeties;
	dst.rounds = src.rounds;
	dst.lastEnd = src.lastEnd;
	dst.lastEndSums.set(src.lastEndSums);
	dst.lastEndPoints = src.lastEndPoints;
}
/** A problem with `values` as 32-card decks (each eight of each value), or null. */
function deckProblem(values, what) {
	if (values.length === 0 || values.length % 32 !== 0) return `${what} has ${plural(values.length, "card")}; a Four Ten deck has 32 (eight each of 1, 2, 3, 4), and several decks are a multiple of 32`;
	for (let d = 0; d * 32 < values.length; d++) {
		const count = [
			0,
			0,
			0,
			0
		];
		for (let i = 0; i < 32; i++) count[values[d * 32 + i] - 1]++;
		const off = count.map((c, v) => c === 8 ? "" : `${c}× ${v + 1}`).filter((t) => t);
		if (off.length) return `${what}${values.length > 32 ? ` deck ${d + 1} (cards ${d * 32}..${d * 32 + 31})` : ""} has ${off.join(", ")}; each deck needs eight each of 1, 2, 3, 4`;
	}
	return null;
}
function parseDeck(deck) {
	const tokens = deckTokens(deck);
	const bad = [];
	const out = new Uint8Array(tokens.length);
	tokens.forEach((t, i) => {
		if (/^[1-4]$/.test(t.trim())) out[i] = Number(t.trim());
		else bad.push(`"${t}" at index ${i}`);
	});
	if (bad.length) throw new TengymError("bad-deck", `bad deck: unknown cards ${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ", …" : ""} (Four Ten cards are 1, 2, 3, 4)`);
	const problem = deckProblem(out, "the deck");
	if (problem) throw new TengymError("bad-deck", `bad deck: ${problem}`);
	return out;
}
function reset(s, o, rng, deck) {
	s.queue = deck ?? /* @__PURE__ */ new Uint8Array(0);
	s.queueNext = 0;
	s.lastEnd = NO_ROUND_END;
	s.points = 0;
	s.safeties = o.safeties;
	s.rounds = 0;
	newRound(s, o, rng);
}
function legalActions$2(s, _o, mask, legal) {
	for (let i = 0; i < NUM_ACTIONS; i++) mask[i] = 0;
	let n = 0;
	const counts = s.counts;
	if (s.phase === PLACE) {
		for (let h = 0; h < 3; h++) if (s.sizes[h] < HAND_SIZE) {
			mask[h] = 1;
			legal[n++] = h;
		}
	} else if (s.phase === REPLACE) {
		for (let i = 0; i < 12; i++) if (counts[i] > 0) {
			mask[3 + i] = 1;
			legal[n++] = 3 + i;
		}
	} else if (s.phase === EXCHANGE) {
		for (let e = 0; e < 32; e++) {
			const side = (e >> 4) + 1;
			const a = e >> 2 & 3;
			const b = e & 3;
			if (a === b || counts[a] === 0 || counts[side * 4 + b] === 0) continue;
			if (wasSeen(s, s.key + EXCHANGE_DELTA[e])) continue;
			mask[15 + e] = 1;
			legal[n++] = 15 + e;
		}
		mask[47] = 1;
		legal[n++] = 47;
	}
	return n;
}
function step(s, o, action, rng) {
	const points = s.points;
	const rounds = s.rounds;
	s.lastEnd = NO_ROUND_END;
	if (action < 3) place(s, o, action, rng);
	else if (action < 15) replace(s, o, action - 3 >> 2, (action - 3 & 3) + 1, rng);
	else if (action < 47) exchange(s, o, action - 15, rng);
	else startTurn(s, o);
	if (o.reward === "points") return s.points - points;
	return s.phase === BUST$1 ? -o.maxRounds : rounds - s.rounds;
}
function status$2(s) {
	if (s.phase === WON$4 || s.phase === BUST$1) return 1;
	return s.phase === OUT_OF_ROUNDS ? 2 : 0;
}
function observe$2(s, o, out) {
	for (let i = 0; i < 12; i++) out[i] = s.counts[i] / HAND_SIZE;
	for (let h = 0; h < 3; h++) {
		out[12 + h] = s.sums[h] / o.handTarget;
		out[15 + h] = s.sizes[h] / HAND_SIZE;
	}
	for (let v = 1; v <= 4; v++) out[17 + v] = s.drawn === v ? 1 : 0;
	out[22] = s.phase === PLACE ? 1 : 0;
	out[23] = s.phase === REPLACE ? 1 : 0;
	out[24] = s.phase === EXCHANGE ? 1 : 0;
	for (let v = 0; v < 4; v++) out[25 + v] = s.stockCounts[v] / 8;
	out[29] = (32 - s.pos) / 32;
	out[30] = s.points / o.gameTarget;
	out[31] = o.safeties > 0 ? s.safeties / o.safeties : 0;
	out[32] = s.rounds / o.maxRounds;
}
function outcome$2(s) {
	return {
		won: s.phase === WON$4,
		points: s.points,
		rounds: s.rounds,
		safeties: s.safeties
	};
}
/** How the game ended, for a player: the points and rounds of a win, a game out of rounds, or a bust. */
function endText(s, _o, ending) {
	const rounds = `${s.rounds} round${s.rounds === 1 ? "" : "s"}`;
	if (s.phase === WON$4) return `Won with ${s.points} points in ${rounds}.`;
	return ending.truncated ? `Out of rounds: ${s.points} points after ${rounds}.` : `Bust after ${rounds}, with ${s.points} points.`;
}
/**
* 'points': the final points. 'rounds': −rounds, or −(rounds − 1) − maxRounds for a bust. A game
* lost before `maxRounds` rounds must have busted; one lost at exactly `maxRounds` with safeties
* left was truncated; lost at `maxRounds` with none left it may be either, so null.
*/
function expectedReturn(result, o) {
	const r = result;
	if (o.reward === "points") return r.points;
	if (r.won) return -r.rounds;
	if (r.rounds < o.maxRounds) return -(r.rounds - 1) - o.maxRounds;
	return r.safeties > 0 ? -r.rounds : null;
}
function describeAction$2(s, _o, action) {
	if (action < 3) return s.phase === PLACE && s.drawn > 0 ? `place ${s.drawn} into ${HAND_NAMES[action]}` : `place the next card into ${HAND_NAMES[action]}`;
	if (action < 15) {
		const i = action - 3;
		return `replace ${(i & 3) + 1} in ${HAND_NAMES[i >> 2]}`;
	}
	if (action < 47) {
		const e = action - 15;
		return `exchange Hand ${(e >> 2 & 3) + 1} with ${HAND_NAMES[(e >> 4) + 1]} ${(e & 3) + 1}`;
	}
	return "end turn";
}
function whyIllegal$2(s, _o, action) {
	if (s.phase >= WON$4) return "the game is over";
	if (action < 3) {
		if (s.phase === REPLACE) return "all three hands hold 4 cards: replace one (ids 3-14)";
		if (s.phase === EXCHANGE) return "this turn's card is placed: exchange or end the turn";
		if (s.sizes[action] >= HAND_SIZE) return `${HAND_NAMES[action]} already holds 4 cards`;
	} else if (action < 15) {
		const i = action - 3;
		if (s.phase === PLACE) return "a hand holds 3 cards or fewer: place the card instead";
		if (s.phase === EXCHANGE) return "this turn's card is placed: exchange or end the turn";
		if (s.counts[i] === 0) return `${HAND_NAMES[i >> 2]} holds no ${(i & 3) + 1}`;
	} else if (action < 47) return whyExchangeIllegal(s, action - 15);
	else if (s.phase !== EXCHANGE) return s.phase === REPLACE ? "replace a card first" : "place the drawn card first";
	return "it is legal";
}
function whyExchangeIllegal(s, e) {
	const side = (e >> 4) + 1;
	const a = (e >> 2 & 3) + 1;
	const b = (e & 3) + 1;
	if (s.phase !== EXCHANGE) return s.phase === REPLACE ? "exchanges come after the replacement" : "exchanges come after the placement";
	if (s.counts[a - 1] === 0) return `Hand holds no ${a}`;
	if (s.counts[side * 4 + b - 1] === 0) return `${HAND_NAMES[side]} holds no ${b}`;
	if (a === b) return "swapping equal values changes nothing (that configuration was already seen this turn)";
	if (wasSeen(s, s.key + EXCHANGE_DELTA[e])) return "it recreates a configuration already seen this turn";
	return "it is legal";
}
function handValues(counts, h) {
	const out = [];
	for (let v = 1; v <= 4; v++) for (let k = 0; k < counts[h * 4 + v - 1]; k++) out.push(String(v));
	return out;
}
function render$2(s, o) {
	const lines = [];
	const round = s.phase >= WON$4 ? `after ${plural(s.rounds, "round")}` : `round ${s.rounds + 1} (at most ${o.maxRounds})`;
	lines.push(`Four Ten, ${round} · points ${s.points}/${o.gameTarget} · safeties ${s.safeties}/${o.safeties}`);
	for (let h = 0; h < 3; h++) {
		const cards = handValues(s.counts, h).join(" ") || "-";
		lines.push(`${HAND_NAMES[h].padEnd(7)} ${cards.padEnd(8)} = ${s.sums[h]}`);
	}
	const stock = [
		1,
		2,
		3,
		4
	].map((v) => `${v}:${s.stockCounts[v - 1]}`).join(" ");
	const out = s.outOfPlay[0] + s.outOfPlay[1] + s.outOfPlay[2] + s.outOfPlay[3];
	lines.push(`${s.drawn ? `Drawn ${s.drawn} · ` : ""}stock ${32 - s.pos} (${stock}) · out of play ${out}`);
	lines.push(phaseLine(s, o));
	return lines.join("\n");
}
function phaseLine(s, o) {
	switch (s.phase) {
		case PLACE: return s.drawn ? `Place the ${s.drawn} into a hand with 3 cards or fewer.` : "Choose a hand with 3 cards or fewer for the next card.";
		case REPLACE: return "All hands hold 4: choose a card to replace with the next one.";
		case EXCHANGE: return `Exchange a Hand card with Home or Shadow, or end the turn (Hand ${o.handTarget} scores).`;
		case WON$4: return `Won with ${s.points} points.`;
		case BUST$1: return "Bust: a fault with no safeties and too few points to pay for it.";
		default: return `Out of rounds: ${o.maxRounds} rounds ended without reaching ${o.gameTarget} points.`;
	}
}
/** Why hands of these values fault, in the order the rules list the checks. */
function faultReason(hand, home, shadow, o) {
	const values = [
		hand,
		home,
		shadow
	];
	for (let h = 0; h < 3; h++) if (values[h] > o.handTarget) return `${HAND_NAMES[h]} ${values[h]} is over ${o.handTarget}`;
	if (shadow > hand) return `Shadow ${shadow} is above Hand ${hand}`;
	return `Home ${home} is below Hand ${hand}`;
}
/** How the last step ended a round, with its reason and its cost; then the game's end, if it came. */
function stepNote$1(s, o) {
	if (s.lastEnd === NO_ROUND_END) return null;
	const [hand, home, shadow] = s.lastEndSums;
	const round = `Round ${s.rounds} ends`;
	let note;
	switch (s.lastEnd) {
		case ROUND_SCORED:
			note = `Hand makes ${o.handTarget}: +${plural(s.lastEndPoints, "point")}. ${round}.`;
			break;
		case ROUND_DECK_OUT:
			note = `The deck is used up: +${plural(s.lastEndPoints, "point")} (Hand ${hand} + Home ${home} + Shadow ${shadow}). ${round}.`;
			break;
		case ROUND_FAULT_SAFETY:
			note = `Fault: ${faultReason(hand, home, shadow, o)}. A safety pays for it (${s.safeties} of ${o.safeties} left). ${round} with no points.`;
			break;
		case ROUND_FAULT_PAID:
			note = `Fault: ${faultReason(hand, home, shadow, o)}. No safety is left: it costs ${plural(s.lastEndPoints, "point")} (Hand + Home + Shadow). ${round}.`;
			break;
		default: return `Bust: a fault (${faultReason(hand, home, shadow, o)}) with no safety left and ${plural(s.points, "point")}, fewer than the ${s.lastEndPoints} it costs. The game is lost.`;
	}
	if (s.phase === WON$4) note += ` Won with ${plural(s.points, "point")} in ${plural(s.rounds, "round")}.`;
	else if (s.phase === OUT_OF_ROUNDS) note += ` That was the last of ${plural(o.maxRounds, "round")}: the game stops at ${plural(s.points, "point")}.`;
	else note += ` Points ${s.points} of ${o.gameTarget}.`;
	return note;
}
/** What the player is asked now (the last line of render while the game runs). */
function prompt$1(s, o) {
	return s.phase >= WON$4 ? "" : phaseLine(s, o);
}
/** Where a card of value v in hand h lies, as the state JSON places it (`game[hand][index]`, values sorted). */
function handSpot(s, h, v) {
	let index = 0;
	for (let u = 1; u < v; u++) index += s.counts[h * 4 + u - 1];
	return {
		place: JSON_NAMES[h],
		index: s.counts[h * 4 + v - 1] > 0 ? index : -1,
		code: String(v)
	};
}
function actionCards$2(s, _o, action) {
	if (action < 3) return s.drawn ? [{
		place: "drawn",
		index: 0,
		code: String(s.drawn)
	}] : [];
	if (action < 15) return [handSpot(s, action - 3 >> 2, (action - 3 & 3) + 1)];
	if (action < 47) {
		const e = action - 15;
		return [handSpot(s, 0, (e >> 2 & 3) + 1), handSpot(s, (e >> 4) + 1, (e & 3) + 1)];
	}
	return [];
}
function board$2(s, o) {
	const rows = JSON_NAMES.map((name, h) => {
		const cards = handValues(s.counts, h).map((code, index) => ({
			place: name,
			index,
			code
		}));
		return {
			name,
			label: HAND_NAMES[h],
			action: h,
			room: HAND_SIZE,
			cards,
			note: `= ${s.sums[h]}`,
			made: h === 0 && s.sums[0] === o.handTarget
		};
	});
	const stockSize = 32 - s.pos;
	const safeties = o.safeties > 0 && o.safeties <= 10 ? "●".repeat(s.safeties) + "○".repeat(Math.max(0, o.safeties - s.safeties)) : `${s.safeties} / ${o.safeties}`;
	const facts = [
		{
			term: "Points",
			value: `${s.points} / ${o.gameTarget}`,
			name: "points"
		},
		{
			term: "Safeties",
			value: safeties,
			name: "safeties",
			spoken: `${s.safeties} of ${o.safeties} left`
		},
		{
			term: "Round",
			value: String(s.rounds + (s.phase < WON$4 ? 1 : 0)),
			name: "round"
		},
		{
			term: "Stock",
			value: [
				1,
				2,
				3,
				4
			].map((v) => `${v}: ${s.stockCounts[v - 1]}`).join(" · "),
			name: "stock"
		}
	];
	const outOfPlay = [];
	for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) outOfPlay.push(String(v));
	if (outOfPlay.length > 0) facts.push({
		term: "Out of play",
		value: outOfPlay.join(" "),
		name: "out-of-play"
	});
	return {
		style: "four-ten",
		parts: [
			{
				kind: "rows",
				rows
			},
			{
				kind: "piles",
				piles: [{
					kind: "card",
					label: "drawn",
					card: s.drawn ? {
						place: "drawn",
						index: 0,
						code: String(s.drawn)
					} : null
				}, {
					kind: "stock",
					count: stockSize,
					label: "stock",
					tappable: false,
					title: "cards of each value still in the stock"
				}]
			},
			{
				kind: "facts",
				facts
			}
		]
	};
}
const cardSchema = /* @__PURE__ */ _enum$1([
	"1",
	"2",
	"3",
	"4"
]);
const handSchema = (/* @__PURE__ */ array$1(cardSchema)).check(/* @__PURE__ */ _maxLength(HAND_SIZE));
const configSchema = /* @__PURE__ */ strictObject$1({
	hand: handSchema,
	home: handSchema,
	shadow: handSchema
});
const stateSchema = /* @__PURE__ */ strictObject$1({
	phase: /* @__PURE__ */ _enum$1(PHASE_NAMES),
	points: int$1().check(/* @__PURE__ */ _gte(0)),
	safeties: int$1().check(/* @__PURE__ */ _gte(0)),
	rounds: int$1().check(/* @__PURE__ */ _gte(0)),
	hand: handSchema,
	home: handSchema,
	shadow: handSchema,
	drawn: /* @__PURE__ */ nullable$1(cardSchema),
	outOfPlay: (/* @__PURE__ */ array$1(cardSchema)).check(/* @__PURE__ */ _maxLength(32)),
	stock: (/* @__PURE__ */ array$1(cardSchema)).check(/* @__PURE__ */ _maxLength(32)),
	queuedDecks: /* @__PURE__ */ array$1((/* @__PURE__ */ array$1(cardSchema)).check(/* @__PURE__ */ _length(32))),
	seenThisTurn: (/* @__PURE__ */ array$1(configSchema)).check(/* @__PURE__ */ _maxLength(SEEN_CAPACITY))
});
function keyToConfig(key) {
	const counts = /* @__PURE__ */ new Uint8Array(12);
	keyCounts(key, counts);
	return {
		hand: handValues(counts, 0),
		home: handValues(counts, 1),
		shadow: handValues(counts, 2)
	};
}
function configKey(c) {
	let key = 0;
	JSON_NAMES.forEach((name, h) => c[name].forEach((v) => key += POW5[h * 4 + Number(v) - 1]));
	return key;
}
function toJSON$2(s) {
	const queued = [];
	for (let d = s.queueNext * 32; d < s.queue.length; d += 32) queued.push(Array.from(s.queue.subarray(d, d + 32), String));
	const outOfPlay = [];
	for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) outOfPlay.push(String(v));
	const seen = [];
	for (let i = 0; i < s.seenCount; i++) seen.push(keyToConfig(s.seen[i]));
	return {
		phase: PHASE_NAMES[s.phase],
		points: s.points,
		safeties: s.safeties,
		rounds: s.rounds,
		hand: handValues(s.counts, 0),
		home: handValues(s.counts, 1),
		shadow: handValues(s.counts, 2),
		drawn: s.drawn ? String(s.drawn) : null,
		outOfPlay,
		stock: Array.from(s.deck.subarray(s.pos), String),
		queuedDecks: queued,
		seenThisTurn: seen
	};
}
function fromJSON$2(json, o, s) {
	const parsed = stateSchema.safeParse(json);
	if (!parsed.success) throw new TengymError("bad-state", `bad four-ten state: ${formatZodError(parsed.error)}`);
	const j = parsed.data;
	s.lastEnd = NO_ROUND_END;
	clearHands(s);
	JSON_NAMES.forEach((name, h) => j[name].forEach((v) => addCard(s, h, Number(v))));
	s.drawn = j.drawn === null ? 0 : Number(j.drawn);
	s.outOfPlay.fill(0);
	j.outOfPlay.forEach((v) => s.outOfPlay[Number(v) - 1]++);
	loadDeck(s, j);
	s.queue = Uint8Array.from(j.queuedDecks.flat(), Number);
	s.queueNext = 0;
	s.seenCount = j.seenThisTurn.length;
	j.seenThisTurn.forEach((c, i) => s.seen[i] = configKey(c));
	s.phase = PHASE_NAMES.indexOf(j.phase);
	s.points = j.points;
	s.safeties = j.safeties;
	s.rounds = j.rounds;
	const problem = checkState$2(s, o);
	if (problem) throw new TengymError("bad-state", `bad four-ten state: ${problem}`);
}
/** The stock goes at the deck's end; the drawn part before it holds the cards already drawn. */
function loadDeck(s, j) {
	const drawnPart = [];
	for (let i = 0; i < 12; i++) for (let k = 0; k < s.counts[i]; k++) drawnPart.push((i & 3) + 1);
	for (let v = 1; v <= 4; v++) for (let k = 0; k < s.outOfPlay[v - 1]; k++) drawnPart.push(v);
	if (s.drawn) drawnPart.push(s.drawn);
	s.pos = 32 - j.stock.length;
	s.deck.fill(0);
	for (let i = 0; i < s.pos && i < drawnPart.length; i++) s.deck[i] = drawnPart[i];
	j.stock.forEach((v, i) => s.deck[s.pos + i] = Number(v));
	s.stockCounts.fill(0);
	j.stock.forEach((v) => s.stockCounts[Number(v) - 1]++);
}
function checkState$2(s, o) {
	return checkCards(s) ?? checkCaches(s) ?? checkPhase(s, o) ?? checkSeen(s, o) ?? checkScore(s, o);
}
/** Every card of the round in exactly one place: hands, out of play, drawn, stock. */
function checkCards(s) {
	const problems = [];
	for (let v = 1; v <= 4; v++) {
		const inHands = s.counts[v - 1] + s.counts[4 + v - 1] + s.counts[8 + v - 1];
		const total = inHands + s.outOfPlay[v - 1] + (s.drawn === v ? 1 : 0) + s.stockCounts[v - 1];
		if (total !== 8) problems.push(`${total} cards of value ${v} (${inHands} in hands, ${s.outOfPlay[v - 1]} out of play, ${s.drawn === v ? 1 : 0} drawn, ${s.stockCounts[v - 1]} in the stock)`);
	}
	if (problems.length) return `the round's cards must be eight of each value, found ${problems.join("; ")}`;
	for (let h = 0; h < 3; h++) if (s.sizes[h] > HAND_SIZE) return `${HAND_NAMES[h]} holds ${s.sizes[h]} cards, at most 4 allowed`;
	if (s.outOfPlay[0] + s.outOfPlay[1] + s.outOfPlay[2] + s.outOfPlay[3] > 0 && s.sizes[0] + s.sizes[1] + s.sizes[2] !== 12) return "cards are out of play only after a replacement, which needs all three hands full";
	const queued = s.queue.subarray(s.queueNext * 32);
	return queued.length ? deckProblem(queued, "queuedDecks") : null;
}
/** The derived fields agree with the deck and the counts. */
function checkCaches(s) {
	if (s.pos < 0 || s.pos > 32) return `deck position ${s.pos} out of 0..32`;
	const stock = [
		0,
		0,
		0,
		0
	];
	for (let i = s.pos; i < 32; i++) {
		if (s.deck[i] < 1 || s.deck[i] > 4) return `stock card ${s.deck[i]} is not 1..4`;
		stock[s.deck[i] - 1]++;
	}
	for (let v = 0; v < 4; v++) if (stock[v] !== s.stockCounts[v]) return "stock counts do not match the stock";
	let key = 0;
	for (let h = 0; h < 3; h++) {
		let sum = 0;
		let size = 0;
		for (let v = 1; v <= 4; v++) {
			const c = s.counts[h * 4 + v - 1];
			sum += c * v;
			size += c;
			key += c * POW5[h * 4 + v - 1];
		}
		if (sum !== s.sums[h] || size !== s.sizes[h]) return `${HAND_NAMES[h]}'s value or size does not match its cards`;
	}
	return key === s.key ? null : "configuration key does not match the hands";
}
function checkPhase(s, o) {
	const full = s.sizes[0] === HAND_SIZE && s.sizes[1] === HAND_SIZE && s.sizes[2] === HAND_SIZE;
	const stockLeft = 32 - s.pos;
	const running = s.phase <= EXCHANGE;
	if (s.phase === PLACE && full) return "phase \"place\" but all three hands hold 4 cards (that is \"replace\")";
	if (s.phase === REPLACE && !full) return "phase \"replace\" but a hand holds fewer than 4 cards (that is \"place\")";
	if (s.phase === PLACE && o.drawVisible && !s.drawn) return "phase \"place\" with drawVisible needs the drawn card";
	if (s.drawn && !(s.phase === PLACE && o.drawVisible)) return "a drawn card shows only in phase \"place\" with drawVisible";
	if (running && !s.drawn && stockLeft === 0) return "the stock is empty, so the round should have ended";
	if (running && isRoundOver(s, o)) return "the hands score or fault, so the round should have ended";
	if (s.phase === EXCHANGE && s.seenCount === 0) return "phase \"exchange\" needs seenThisTurn (at least the configuration after the placement)";
	if (s.phase !== EXCHANGE && s.seenCount > 0) return "seenThisTurn is kept only in phase \"exchange\"";
	return null;
}
function isRoundOver(s, o) {
	return s.sums[0] === o.handTarget || isFault(s, o.handTarget);
}
/** Seen configurations: distinct, reachable by exchanges from the current one, none ending the round. */
function checkSeen(s, o) {
	if (s.seenCount === 0) return null;
	if (!wasSeen(s, s.key)) return "seenThisTurn must include the current configuration";
	const probe = new FourTenState();
	for (let i = 0; i < s.seenCount; i++) {
		for (let k = 0; k < i; k++) if (s.seen[k] === s.seen[i]) return `seenThisTurn[${i}] repeats seenThisTurn[${k}]`;
		keyCounts(s.seen[i], probe.counts);
		for (let h = 0; h < 3; h++) {
			probe.sums[h] = 0;
			probe.sizes[h] = 0;
			for (let v = 1; v <= 4; v++) {
				probe.sums[h] += probe.counts[h * 4 + v - 1] * v;
				probe.sizes[h] += probe.counts[h * 4 + v - 1];
			}
			if (probe.sizes[h] !== s.sizes[h]) return `seenThisTurn[${i}]: ${HAND_NAMES[h]} holds ${probe.sizes[h]} cards, exchanges keep it at ${s.sizes[h]}`;
		}
		for (let v = 0; v < 4; v++) if (probe.counts[v] + probe.counts[4 + v] + probe.counts[8 + v] !== s.counts[v] + s.counts[4 + v] + s.counts[8 + v]) return `seenThisTurn[${i}] holds other cards than the hands`;
		if (isRoundOver(probe, o)) return `seenThisTurn[${i}] scores or faults, so the round would have ended there`;
	}
	return null;
}
const DECK_OUT_CACHE = /* @__PURE__ */ new Map();
/**
* The most points the bottom of the deck can add under `handTarget` t: the round's 32 cards are
* drawn, so 20 or more are out of play (replaced, which needs three full hands, and keeps them full);
* the three full hands must pass the check (`judgeHands` gives nothing) and hold at most eight cards
* of each value. 0 when no such hands exist (t ≤ 4: Hand would be below t with four cards).
*/
function maxDeckOutPoints(t) {
	const cached = DECK_OUT_CACHE.get(t);
	if (cached !== void 0) return cached;
	const hands = [];
	for (let a = 0; a <= HAND_SIZE; a++) for (let b = 0; a + b <= HAND_SIZE; b++) for (let c = 0; a + b + c <= HAND_SIZE; c++) hands.push([
		a,
		b,
		c,
		HAND_SIZE - a - b - c
	]);
	const sum = (h) => h[0] + 2 * h[1] + 3 * h[2] + 4 * h[3];
	const rules = {
		handTarget: t,
		check: "points-first"
	};
	let most = 0;
	for (const hand of hands) for (const home of hands) for (const shadow of hands) {
		if (hand.some((n, v) => n + home[v] + shadow[v] > 8)) continue;
		const total = sum(hand) + sum(home) + sum(shadow);
		if (total > most && judgeHands(sum(hand), sum(home), sum(shadow), rules) === 0) most = total;
	}
	DECK_OUT_CACHE.set(t, most);
	return most;
}
/**
* The most Hand, Home and Shadow can be under `handTarget` t: a running turn has Shadow ≤ Hand ≤
* t − 1 and Home ≤ t; one change adds at most 4 (a placement, into at most three cards) or 3 (an
* exchange or a replacement); four cards make 16 at most.
*/
function handMosts(t) {
	const most = 16;
	return [
		Math.min(t + 3, most),
		Math.min(t + 4, most),
		Math.min(t + 3, most)
	];
}
/**
* The most points one round adds: `handTarget` t when Hand can reach it (t ≤ 16, four cards of at
* most 4), or the bottom of the deck (`maxDeckOutPoints`). The state checks and the observation's
* bounds both use it: 28 for t = 10.
*/
function maxRoundPoints(o) {
	const t = o.handTarget;
	return Math.max(t <= 16 ? t : 0, maxDeckOutPoints(t));
}
/** The observation's bounds (the table in the doc comment above). */
function observationBounds$2(o) {
	const t = o.handTarget;
	const low = new Float32Array(OBS_SIZE);
	const high = new Float32Array(OBS_SIZE).fill(1);
	const most = handMosts(t);
	for (let h = 0; h < 3; h++) high[12 + h] = most[h] / t;
	if (o.drawVisible) high[29] = 31 / 32;
	high[30] = (o.gameTarget - 1 + maxRoundPoints(o)) / o.gameTarget;
	return {
		low,
		high
	};
}
function checkScore(s, o) {
	if (s.safeties > o.safeties) return `${s.safeties} safeties left, the game has ${o.safeties}`;
	if (s.rounds > o.maxRounds) return `${s.rounds} rounds ended, maxRounds is ${o.maxRounds}`;
	if (s.phase <= EXCHANGE) {
		if (s.points >= o.gameTarget) return `${s.points} points reach gameTarget ${o.gameTarget}, so the game should be won`;
		if (s.rounds >= o.maxRounds) return `${s.rounds} rounds ended, so the game should be truncated`;
		return checkCounters(s, o);
	}
	if (s.rounds === 0) return `phase "${PHASE_NAMES[s.phase]}" needs at least one ended round`;
	const most = handMosts(o.handTarget);
	for (let h = 0; h < 3; h++) if (s.sums[h] > most[h]) return `${HAND_NAMES[h]} is ${s.sums[h]} at the end; one change from hands that pass the check makes it ${most[h]} at most`;
	if (s.phase === WON$4 && s.points < o.gameTarget) return `phase "won" with ${s.points} points, below gameTarget ${o.gameTarget}`;
	if (s.phase !== WON$4 && s.points >= o.gameTarget) return `phase "${PHASE_NAMES[s.phase]}" with ${s.points} points, which reach gameTarget`;
	if (s.phase === BUST$1 && s.safeties > 0) return "phase \"bust\" with safeties left";
	if (s.phase === OUT_OF_ROUNDS && s.rounds !== o.maxRounds) return `phase "truncated" after ${s.rounds} rounds, maxRounds is ${o.maxRounds}`;
	const counters = checkCounters(s, o);
	if (counters !== null) return counters;
	if (s.phase === WON$4 && s.points > o.gameTarget - 1 + maxRoundPoints(o)) return `phase "won" with ${s.points} points; the winning round starts below gameTarget ${o.gameTarget} and adds at most ${maxRoundPoints(o)}`;
	return null;
}
function checkCounters(s, o) {
	const most = s.rounds * maxRoundPoints(o);
	if (s.points > most) return `${s.points} points after ${s.rounds} ended rounds; a round adds at most ${maxRoundPoints(o)}, so at most ${most}`;
	const used = o.safeties - s.safeties;
	const faultRounds = s.phase === BUST$1 ? s.rounds - 1 : s.rounds;
	if (used > Math.max(faultRounds, 0)) return `${used} safeties used after ${s.rounds} ended rounds${s.phase === BUST$1 ? " (the last a bust)" : ""}; each safety pays the fault that ends a round`;
	return null;
}
const fourTenGame = {
	name: "four-ten",
	result: FOUR_TEN_RESULT,
	optionsSchema: fourTenOptionsSchema,
	numActions,
	observationSize,
	observationBounds: observationBounds$2,
	createState: createState$2,
	copyState: copyState$2,
	parseDeck,
	reset,
	legalActions: legalActions$2,
	step,
	status: status$2,
	observe: observe$2,
	outcome: outcome$2,
	expectedReturn,
	describeAction: describeAction$2,
	whyIllegal: whyIllegal$2,
	render: render$2,
	toJSON: toJSON$2,
	fromJSON: fromJSON$2,
	checkState: checkState$2,
	sameOutcome: false,
	actionCards: actionCards$2,
	moveKind: (_s, _o, action) => action < 3 ? "place" : action < 15 ? "replace" : action < 47 ? "exchange" : "end-turn",
	prompt: prompt$1,
	board: board$2,
	stepNote: stepNote$1,
	endText,
	inconsistencies: fourTenInconsistencies
};
/**
* The Four Ten state and options of an env of this engine (for agents and features, which only read them), or null for
* an env of another engine.
*/
function fourTenOf(env) {
	return env.game === fourTenGame ? {
		state: env.rawState,
		options: env.options
	} : null;
}
/**
* Changes to a Four Ten state's JSON that no play could give (the engine's `inconsistencies`, which
* the fuzz tries and `fromJSON`/`checkState` must refuse): more points than the ended rounds could
* score, more safeties used than rounds ended.
*/
function fourTenInconsistencies(game, o, rng) {
	if (typeof game.points !== "number" || typeof game.rounds !== "number") return [];
	const changes = [];
	const rounds = game.rounds;
	const most = rounds * maxRoundPoints({ handTarget: o.handTarget });
	changes.push(() => {
		game.points = most + 1 + randomInt(rng, 0, 100);
		return `${String(game.points)} points after ${rounds} ended rounds`;
	});
	const safeties = o.safeties;
	if (safeties > rounds) changes.push(() => {
		game.safeties = randomInt(rng, 0, safeties - rounds - 1);
		return `${safeties - game.safeties} safeties used after ${rounds} ended rounds`;
	});
	return changes;
}
// src/agents/staged.ts
/**
* Work that runs in slices: a table an agent or a hint needs that takes longer to build than a
* hint may take (Four Ten's round solves take a second in Node and many on a phone, where
* JavaScript has one thread). The work is a generator that yields every millisecond or so;
* `get()` runs what is left and returns the value, as a plain call would, and `steps()` hands the
* same work to a caller that runs it a slice at a time (a hinter with a time budget). One `Staged`
* is shared by every caller: work a slice did is never done again.
*/
var Staged = class {
	work;
	result = null;
	/** What the work threw: thrown again at every later call, as a plain call would throw it each time. */
	failure = null;
	constructor(work) {
		this.work = work;
	}
	/** Whether the value is ready. */
	get done() {
		return this.result !== null;
	}
	/** Runs one slice; true once the value is ready. */
	step() {
		if (this.result) return true;
		if (this.failure) throw this.failure.error;
		let r;
		try {
			r = this.work.next();
		} catch (error) {
			this.failure = { error };
			throw error;
		}
		if (r.done) this.result = { value: r.value };
		return r.done === true;
	}
	/** The value, after running whatever work is left. */
	get() {
		while (!this.step());
		return this.result.value;
	}
	/** The work left, as a generator that yields between slices (for `yield*` in a larger piece of work). */
	*steps() {
		while (!this.step()) yield;
		return this.result.value;
	}
};
// src/games/four-ten/agents/common.ts
/** Four Ten options with their defaults filled in, from an env's options or a partial object. */
function fourTenOptionsOf(options) {
	const parsed = fourTenOptionsSchema.safeParse(options);
	if (!parsed.success) throw new TengymError("bad-options", `bad four-ten options: ${formatZodError(parsed.error)}`);
	return parsed.data;
}
function rulesOf$1(options) {
	return {
		handTarget: options.handTarget,
		check: options.check,
		drawVisible: options.drawVisible
	};
}
/** A Four Ten baseline: it plays its best-scored move and reads the env's options (defaults filled in) once. */
var FourTenBaseline = class extends BestScoredAgent {
	rules;
	/** The points that win the game. */
	gameTarget;
	/** `options`: the env's (defaults are filled in). */
	constructor(options = {}) {
		super();
		const o = fourTenOptionsOf(options);
		this.rules = rulesOf$1(o);
		this.gameTarget = o.gameTarget;
	}
};
/** The check of every configuration, computed once per rule set (in slices: `Staged`). */
const verdictCache = /* @__PURE__ */ new Map();
function verdictsStaged(rules) {
	const id = `${rules.handTarget}/${rules.check}`;
	let table = verdictCache.get(id);
	if (!table) verdictCache.set(id, table = new Staged(judgeAll(rules)));
	return table;
}
function* judgeAll(rules) {
	const table = new Uint8Array(NUM_CONFIGS);
	for (let c = 0; c < NUM_CONFIGS; c++) {
		table[c] = judgeConfig(c, rules);
		if ((c & 8191) === 8191) yield;
	}
	return table;
}
/**
* What this turn's exchanges can still reach from the non-terminal configuration c (c included):
* paths of single exchanges through configurations that neither fault nor score and were not
* seen this turn (`seen`: engine keys). `scores` is true when one more exchange from one of them
* scores.
*/
function exchangeReach(verdict, c, seen) {
	const configs = [c];
	const visited = new Set(configs);
	let scores = false;
	for (let i = 0; i < configs.length; i++) for (let e = 0; e < 32; e++) {
		const y = afterExchange(configs[i], e);
		if (y < 0 || visited.has(y) || seen.has(keyOfConfig(y))) continue;
		if (verdict[y] === 1) scores = true;
		else if (verdict[y] === 0) {
			visited.add(y);
			configs.push(y);
		}
	}
	return {
		configs,
		scores
	};
}
/** The phase, from the legal list (ids 0–2 place, 3–14 replace, 15–47 exchange or end turn). */
function phaseOf(env) {
	const first = env.legal[0];
	return first < 3 ? "place" : first < 15 ? "replace" : "exchange";
}
/** What a fair agent may know of the env's Four Ten state. */
function readPosition(env) {
	const four = fourTenOf(env);
	if (!four) throw new TengymError("bad-argument", `the Four Ten baselines play four-ten, not ${env.id}`);
	const s = four.state;
	const stock = [
		s.stockCounts[0],
		s.stockCounts[1],
		s.stockCounts[2],
		s.stockCounts[3]
	];
	const phase = phaseOf(env);
	const seen = /* @__PURE__ */ new Set();
	if (phase === "exchange") for (let i = 0; i < s.seenCount; i++) seen.add(s.seen[i]);
	return {
		phase,
		config: configOfKey(s.key),
		drawn: s.drawn,
		stock,
		stockSize: stock[0] + stock[1] + stock[2] + stock[3],
		seen,
		points: s.points,
		safeties: s.safeties
	};
}
/** Cards drawn this round so far (in hands, out of play, or showing). */
function cardsDrawn(p) {
	return 32 - p.stockSize;
}
/** The hand and value of replacement id a. */
function replaceParts(a) {
	const i = a - 3;
	return [i >> 2, (i & 3) + 1];
}
/** The legal ids, in increasing order. */
function legalList(env) {
	return Array.from(env.legal.subarray(0, env.legalCount));
}
/** Does `action` score at once, whatever card comes (a seen card into Hand, or an exchange)? */
function surelyScores(rules, p, action) {
	if (p.phase === "place") return p.drawn > 0 && judgeConfig(addCard$1(p.config, action, p.drawn), rules) === 1;
	if (p.phase === "replace" || action === 47) return false;
	return judgeConfig(afterExchange(p.config, action - 15), rules) === 1;
}
/**
* Sort helper: best first; ties go to a move that scores now (points in hand beat points to
* come), then to ending the turn (no wandering between equally good configurations), then to
* the lower action id (deterministic).
*/
function bestFirst(items, scoresNow = () => false) {
	const rank = (a) => scoresNow(a) ? 2 : a === 47 ? 1 : 0;
	return items.sort((x, y) => y.score - x.score || rank(y.action) - rank(x.action) || x.action - y.action);
}
// src/games/four-ten/solver/default-game-values.ts
const DEFAULT_GAME_VALUES = {
	rules: {
		drawVisible: true,
		check: "points-first",
		handTarget: 10,
		gameTarget: 50,
		safeties: 3
	},
	discount: 1e-12,
	shortfall: [
		.0015694828871578815,
		.0015112895315171192,
		.0014365881514651114,
		.0014100213725637273,
		.0007993413412538874,
		.0007309735331091777,
		.0006762658068408158,
		.0006108958008358104,
		.0004511413523882406,
		.0003750266083947186,
		.00034662537009651976,
		.0002770272080881563,
		.00018755783505599013,
		.00015576271280021993,
		.00014601928522672725,
		.00011788224373175566,
		5938766495678745e-20,
		48246986323650594e-21,
		4543159086908573e-20,
		3690457919019583e-20,
		14979724725664673e-21,
		12450408536539546e-21,
		11655766108370633e-21,
		9703564763122748e-21,
		5671166807356387e-21,
		33472707697717485e-22,
		3075531971781973e-21,
		26615820380090424e-22,
		19014591556824963e-22,
		12933735443518784e-22,
		11637953771183115e-22,
		9.968893066957064e-7,
		7.318327506567175e-7,
		5.349027713933817e-7,
		4.675559461211612e-7,
		3.9578723087148545e-7,
		2.9378058055720963e-7,
		2.1721142555423987e-7,
		1.8782752249636953e-7,
		1.461727401642989e-7,
		9.744426968749907e-8,
		7.350231455096085e-8,
		6.262221064729665e-8,
		4.9251929893380516e-8,
		2.976085652365261e-8,
		2.219830164184728e-8,
		1.8953572133600424e-8,
		1.5531972209281037e-8,
		1.0518433258467043e-8,
		7.159378885526497e-9,
		2393744030252624e-21,
		22423767920372377e-22,
		2050231583922898e-21,
		19803249439272206e-22,
		11846244608861894e-22,
		10648896827846644e-22,
		9.320422892238207e-7,
		8.360315940788085e-7,
		6.278380556053143e-7,
		5.207212869858339e-7,
		4.6078550039592905e-7,
		3.688322016581884e-7,
		2.5321911667770493e-7,
		2.102502755872819e-7,
		1.933956259118868e-7,
		1.5482962464959537e-7,
		7.957800736892231e-8,
		6.480506423450635e-8,
		6.035915869208388e-8,
		4.8755954640364394e-8,
		2.0506750440295048e-8,
		1.706926627206129e-8,
		1.575772431059859e-8,
		1.3036914106853676e-8,
		7.786753428015439e-9,
		4.729119178025817e-9,
		4.269470754400719e-9,
		3.654831239170433e-9,
		2.6461325978944434e-9,
		1.8203842427278654e-9,
		1.59540794107944e-9,
		1.356217595376542e-9,
		1.0053638545797073e-9,
		7390411934631271e-25,
		6320258276951148e-25,
		5320941988397319e-25,
		3980754400464445e-25,
		2964237247235858e-25,
		2534610625336805e-25,
		19656106710476756e-26,
		12571333279609515e-26,
		9507139737692781e-26,
		8114657631412661e-26,
		6403472070078128e-26,
		3908921361752766e-26,
		29410333301753513e-27,
		25257590074337103e-27,
		20878480544087513e-27,
		14461939544147483e-27,
		10162878478410387e-27,
		3.5804471787298797e-9,
		3.2850311464363712e-9,
		2.9137491257494574e-9,
		2.7756807003331692e-9,
		1.7344484692436731e-9,
		1.5371385204958792e-9,
		1.2861811625990172e-9,
		1.1468700399704618e-9,
		8747005670166113e-25,
		7244082126067819e-25,
		6167652785774235e-25,
		4951577676099278e-25,
		3451746416020303e-25,
		28701803555113973e-26,
		25972115129882133e-26,
		20699640734479466e-26,
		11006731037348761e-26,
		9040772346969347e-26,
		8359612873097983e-26,
		6780886179212828e-26,
		30760343892377324e-27,
		26077155695841335e-27,
		2384520714925656e-26,
		20063230513272478e-27,
		13207284133005844e-27,
		9178607272780354e-27,
		8443456357651723e-27,
		7544316617007374e-27,
		6201723074087512e-27,
		5080276216535025e-27,
		4010869289030749e-27,
		3672008954473045e-27,
		32080956905527064e-28,
		2848964246057544e-27,
		268535249904858e-26,
		2547115932842653e-27,
		23711566944927178e-28,
		22363803551990087e-28,
		21745402114841995e-28,
		20971245467728555e-28,
		11608932855691254e-28,
		11216764295990168e-28,
		11038548496446443e-28,
		1081954366930681e-27,
		10500280429239622e-28,
		10376405990466997e-28,
		1032325741130494e-27,
		10267211699643496e-28,
		10185090070973935e-28,
		10130068853705703e-28,
		9642667173367056e-27,
		9124642714494736e-27,
		8154345991379728e-27,
		7906939289067392e-27,
		6535306443170833e-27,
		6219278828331831e-27,
		5790312615180467e-27,
		5587249860208161e-27,
		52231722991957276e-28,
		4994871336875104e-27,
		4371956507203083e-27,
		4209515844105463e-27,
		3741937889971654e-27,
		3657642018494344e-27,
		36122644727837993e-28,
		35378270909249046e-28,
		3409580840604463e-27,
		3380650447653937e-27,
		33627346732213577e-28,
		33203954348380646e-28,
		27395105195507367e-28,
		2731791843861812e-27,
		25588878678087824e-28,
		2547080112506956e-27,
		25345749225011356e-28,
		25262444990416443e-28,
		25212300587550704e-28,
		2516717524162103e-27,
		25056993329287517e-28,
		247918342042932e-26,
		1840071611814264e-27,
		18380064677740936e-28,
		18310392101281862e-28,
		1822692588590212e-27,
		1818223146819866e-27,
		18144539323128775e-28,
		1809642585485214e-27,
		18059246518584348e-28,
		18041937211415812e-28,
		18020025115031763e-28,
		10014857607443538e-28,
		10014355693393027e-28,
		1001412760521104e-27,
		10013847313491694e-28,
		10013438706778998e-28,
		10013280166988437e-28,
		10013212145169793e-28,
		10013140415477399e-28,
		1001303531271416e-27,
		1001296489421339e-27
	]
};
// src/games/four-ten/solver/round-model.ts
/**
* The model of a Four Ten round's graph (browser-safe; the solve is round-solver.ts): every
* configuration's verdict, the components of the exchange graph (configurations one exchange
* apart, restricted to those that neither score nor fault: what a turn's exchanges can reach), and
* where each (component, stock composition) value lives in a solution's tables. Configurations and
* multisets are four-ten-hands.ts's. Built once per `handTarget` and `check` (about 0.2 s) and
* shared by every solution with those rules.
*
* Full hands (12 cards) are laid out by M, the hands' 12-card multiset: with M fixed, the stock can
* be any composition with 0 ≤ stock[v] ≤ 8 − m_v (the rest is out of play after replacements), a
* box of ∏ (9 − m_v) compositions; a full component's values fill one box. Components with fewer
* cards have one value each (the stock follows from the hands).
*/
/** Verdicts of a configuration: four-ten-hands.ts's check, and one more. */
const CONTINUES = 0;
/**
* The static structure for a `handTarget` and `check`: every configuration's verdict, the
* exchange graph's components, and where each (component, stock) value lives. Built once
* (about 0.2 s) and shared by every solution with those rules.
*/
var RoundModel = class RoundModel {
	handTarget;
	check;
	/** CONTINUES, SCORES, FAULTS or IMPOSSIBLE per configuration. */
	verdict = new Uint8Array(NUM_CONFIGS);
	/** Component of each non-ending configuration, −1 otherwise. */
	comp = new Int32Array(NUM_CONFIGS).fill(-1);
	numComps = 0;
	/** Members of component k: compMembers[compStart[k] .. compStart[k+1]-1]. */
	compStart = /* @__PURE__ */ new Int32Array(0);
	compMembers = /* @__PURE__ */ new Int32Array(0);
	compFlags = /* @__PURE__ */ new Uint8Array(0);
	compTotal = /* @__PURE__ */ new Uint8Array(0);
	compCards = /* @__PURE__ */ new Uint8Array(0);
	/** Non-full components, most cards first (the order the solver fills them). */
	nonFullOrder = /* @__PURE__ */ new Int32Array(0);
	numM = 0;
	/** m counts, 4 per M. */
	mCounts = /* @__PURE__ */ new Uint8Array(0);
	/** Stock compositions for M: ∏ (9 − m_v); a stock s has box index Σ s_v · stride_v. */
	mBox = /* @__PURE__ */ new Int32Array(0);
	mStride = /* @__PURE__ */ new Int32Array(0);
	/** Full components of M: mComps[mCompStart[M] .. mCompStart[M+1]-1]. */
	mCompStart = /* @__PURE__ */ new Int32Array(0);
	mComps = /* @__PURE__ */ new Int32Array(0);
	/** Box indices of M ordered by stock size: mStocks[mStockStart[M] + ...], sizes bucketed by mSizeStart. */
	mStocks = /* @__PURE__ */ new Int32Array(0);
	mStockStart = /* @__PURE__ */ new Int32Array(0);
	/** mSizeStart[M*22 + k]: where stocks of size k start within M's list (k = 0..21). */
	mSizeStart = /* @__PURE__ */ new Int32Array(0);
	/** M of each full configuration (−1 otherwise). */
	cfgM = new Int16Array(NUM_CONFIGS).fill(-1);
	/** Full non-ending configurations: where its component's stock box starts in the value table. */
	slotBase = new Int32Array(NUM_CONFIGS).fill(-1);
	/** Size of the full-hands value table. */
	fullSize = 0;
	/** M by key m1 + 9 m2 + 81 m3 + 729 m4. */
	mByKey = (/* @__PURE__ */ new Int16Array(6561)).fill(-1);
	/** Unbuilt: `build` fills it in. */
	constructor(handTarget, check) {
		this.handTarget = handTarget;
		this.check = check;
	}
	/** The model for these rules, built a slice at a time (`Staged`). */
	static *build(handTarget, check) {
		if (!Number.isInteger(handTarget) || handTarget < 1 || handTarget > 40) throw new TengymError("bad-argument", `the Four Ten solver takes handTarget 1..40, got ${handTarget}`);
		const model = new RoundModel(handTarget, check);
		yield* model.judgeAll();
		yield* model.findComponents();
		yield* model.layOutFull();
		return model;
	}
	*judgeAll() {
		for (let a = 0; a < 70; a++) {
			yield;
			for (let b = 0; b < 70; b++) for (let c = 0; c < 70; c++) {
				const id = configId(a, b, c);
				let ok = true;
				for (let v = 0; v < 4; v++) if (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v] > 8) ok = false;
				if (!ok) {
					this.verdict[id] = 3;
					continue;
				}
				const hand = MS_SUM[a];
				const home = MS_SUM[b];
				const shadow = MS_SUM[c];
				this.verdict[id] = judgeHands(hand, home, shadow, this);
			}
		}
	}
	*findComponents() {
		const queue = new Int32Array(NUM_CONFIGS);
		const members = new Int32Array(NUM_CONFIGS);
		const starts = [0];
		const flags = [];
		const totals = [];
		const cards = [];
		const nb = /* @__PURE__ */ new Int32Array(32);
		let nMembers = 0;
		for (let id = 0; id < NUM_CONFIGS; id++) {
			if ((id & 4095) === 4095) yield;
			if (this.verdict[id] !== CONTINUES || this.comp[id] >= 0) continue;
			const k = flags.length;
			let flag = 0;
			let head = 0;
			let tail = 0;
			queue[tail++] = id;
			this.comp[id] = k;
			while (head < tail) {
				const x = queue[head++];
				members[nMembers++] = x;
				const n = exchangeNeighbours(x, nb);
				for (let i = 0; i < n; i++) {
					const y = nb[i];
					const v = this.verdict[y];
					if (v === 1) flag |= 1;
					else if (v === 2) flag |= 2;
					else if (v === CONTINUES && this.comp[y] < 0) {
						this.comp[y] = k;
						queue[tail++] = y;
					}
				}
			}
			flags.push(flag);
			totals.push(configTotal(id));
			cards.push(configCards(id));
			starts.push(nMembers);
		}
		this.numComps = flags.length;
		this.compStart = Int32Array.from(starts);
		this.compMembers = members.slice(0, nMembers);
		this.compFlags = Uint8Array.from(flags);
		this.compTotal = Uint8Array.from(totals);
		this.compCards = Uint8Array.from(cards);
		const nonFull = [];
		for (let k = 0; k < this.numComps; k++) if (this.compCards[k] < 12) nonFull.push(k);
		nonFull.sort((x, y) => this.compCards[y] - this.compCards[x] || x - y);
		this.nonFullOrder = Int32Array.from(nonFull);
	}
	*layOutFull() {
		const mCounts = [];
		for (let m4 = 0; m4 <= 8; m4++) for (let m3 = 0; m3 <= 8; m3++) for (let m2 = 0; m2 <= 8; m2++) {
			const m1 = 12 - m2 - m3 - m4;
			if (m1 < 0 || m1 > 8) continue;
			this.mByKey[m1 + 9 * m2 + 81 * m3 + 729 * m4] = mCounts.length / 4;
			mCounts.push(m1, m2, m3, m4);
		}
		const numM = mCounts.length / 4;
		this.numM = numM;
		this.mCounts = Uint8Array.from(mCounts);
		this.mBox = new Int32Array(numM);
		this.mStride = new Int32Array(numM * 4);
		for (let M = 0; M < numM; M++) {
			let stride = 1;
			for (let v = 0; v < 4; v++) {
				this.mStride[M * 4 + v] = stride;
				stride *= 9 - this.mCounts[M * 4 + v];
			}
			this.mBox[M] = stride;
		}
		const compsOfM = Array.from({ length: numM }, () => []);
		for (let k = 0; k < this.numComps; k++) {
			if (this.compCards[k] !== 12) continue;
			compsOfM[this.mOfConfig(this.compMembers[this.compStart[k]])].push(k);
		}
		this.mCompStart = new Int32Array(numM + 1);
		const mComps = [];
		let offset = 0;
		for (let M = 0; M < numM; M++) {
			this.mCompStart[M] = mComps.length;
			compsOfM[M].forEach((k, local) => {
				const base = offset + local * this.mBox[M];
				for (let i = this.compStart[k]; i < this.compStart[k + 1]; i++) this.slotBase[this.compMembers[i]] = base;
				mComps.push(k);
			});
			offset += compsOfM[M].length * this.mBox[M];
		}
		this.mCompStart[numM] = mComps.length;
		this.mComps = Int32Array.from(mComps);
		this.fullSize = offset;
		for (let a = 0; a < 70; a++) {
			if (MS_SIZE[a] !== 4) continue;
			yield;
			for (let b = 0; b < 70; b++) {
				if (MS_SIZE[b] !== 4) continue;
				for (let c = 0; c < 70; c++) {
					if (MS_SIZE[c] !== 4) continue;
					const id = configId(a, b, c);
					if (this.verdict[id] !== 3) this.cfgM[id] = this.mOfConfig(id);
				}
			}
		}
		const stockStart = new Int32Array(numM + 1);
		const sizeStart = new Int32Array(numM * 22);
		let total = 0;
		for (let M = 0; M < numM; M++) total += this.mBox[M];
		const stocks = new Int32Array(total);
		let at = 0;
		for (let M = 0; M < numM; M++) {
			if ((M & 7) === 7) yield;
			stockStart[M] = at;
			const box = this.mBox[M];
			const sizes = new Int32Array(box);
			const countBySize = /* @__PURE__ */ new Int32Array(22);
			for (let i = 0; i < box; i++) {
				let rest = i;
				let size = 0;
				for (let v = 0; v < 4; v++) {
					const r = 9 - this.mCounts[M * 4 + v];
					size += rest % r;
					rest = Math.floor(rest / r);
				}
				sizes[i] = size;
				countBySize[size]++;
			}
			let s = at;
			for (let k = 0; k < 22; k++) {
				sizeStart[M * 22 + k] = s - at;
				s += countBySize[k];
			}
			const fill = /* @__PURE__ */ new Int32Array(22);
			for (let i = 0; i < box; i++) {
				const k = sizes[i];
				stocks[at + sizeStart[M * 22 + k] + fill[k]++] = i;
			}
			at += box;
		}
		stockStart[numM] = at;
		this.mStocks = stocks;
		this.mStockStart = stockStart;
		this.mSizeStart = sizeStart;
	}
	/** The M (12-card multiset) of a full configuration. */
	mOfConfig(id) {
		const a = configHand(id, 0);
		const b = configHand(id, 1);
		const c = configHand(id, 2);
		let key = 0;
		for (let v = 0, p = 1; v < 4; v++, p *= 9) key += (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v]) * p;
		return this.mByKey[key];
	}
	/** Number of turn-start decision states (non-ending configurations × their possible stocks, stock not empty). */
	countDecisionStates() {
		let n = 0;
		for (let k = 0; k < this.numComps; k++) {
			const size = this.compStart[k + 1] - this.compStart[k];
			if (this.compCards[k] < 12) n += size;
			else {
				const M = this.mOfConfig(this.compMembers[this.compStart[k]]);
				n += size * (this.mBox[M] - 1);
			}
		}
		return n;
	}
};
const models = /* @__PURE__ */ new Map();
/** The shared model for these rules, built in slices where a caller asks for them. */
function roundModelStaged(handTarget, check) {
	const key = `${handTarget}/${check}`;
	let m = models.get(key);
	if (!m) {
		m = new Staged(RoundModel.build(handTarget, check));
		m.step();
		models.set(key, m);
	}
	return m;
}
/** The shared model for these rules. */
const roundModel = (handTarget, check) => roundModelStaged(handTarget, check).get();
/** Round points minus λ per fault (λ = 0: expected round points). */
function roundPayoffs(handTarget, lambda = 0) {
	const bottom = /* @__PURE__ */ new Float64Array(49);
	for (let t = 0; t <= 48; t++) bottom[t] = t;
	return {
		score: handTarget,
		bottom,
		fault: (/* @__PURE__ */ new Float64Array(49)).fill(-lambda)
	};
}
/**
* Values of every (component, stock) for one set of payoffs. `full` is indexed by
* `slotBase[config] + box index of the stock`; `nonFull` by component (the stock follows).
* With stats, parallel arrays hold the optimal policy's expected points, P(fault), P(score).
*/
var RoundSolution = class {
	model;
	rules;
	payoffs;
	full;
	nonFull;
	stats;
	fullPoints;
	fullFault;
	fullScore;
	nonFullPoints;
	nonFullFault;
	nonFullScore;
	/** Seconds the solve took. */
	seconds = 0;
	constructor(model, rules, payoffs, stats) {
		this.model = model;
		this.rules = rules;
		this.payoffs = payoffs;
		this.stats = stats;
		this.full = new Float64Array(model.fullSize);
		this.nonFull = new Float64Array(model.numComps);
		const fs = stats ? model.fullSize : 0;
		const ns = stats ? model.numComps : 0;
		this.fullPoints = new Float64Array(fs);
		this.fullFault = new Float64Array(fs);
		this.fullScore = new Float64Array(fs);
		this.nonFullPoints = new Float64Array(ns);
		this.nonFullFault = new Float64Array(ns);
		this.nonFullScore = new Float64Array(ns);
	}
	/** Bytes held by the value (and stats) arrays. */
	get bytes() {
		return this.full.byteLength + this.nonFull.byteLength + this.fullPoints.byteLength * 3 + this.nonFullPoints.byteLength * 3;
	}
	/** The value of a whole round from its start (empty hands, full deck). */
	get roundValue() {
		return this.nonFull[this.model.comp[0]];
	}
	/** The round's outlook from its start. */
	roundOutlook() {
		const k = this.model.comp[0];
		return this.stats ? {
			value: this.nonFull[k],
			points: this.nonFullPoints[k],
			fault: this.nonFullFault[k],
			score: this.nonFullScore[k]
		} : {
			value: this.nonFull[k],
			points: NaN,
			fault: NaN,
			score: NaN
		};
	}
	/**
	* A(c, stock): the value right after a placement or replacement leaves configuration `c` with
	* `stock` undrawn, before any exchange (the exchange phase, played optimally, included).
	*/
	afterChange(c, stock, out) {
		const m = this.model;
		const v = m.verdict[c];
		const total = configTotal(c);
		if (v === 1) return setOutlook(out, this.payoffs.score, this.rules.handTarget, 0, 1);
		if (v === 2) return setOutlook(out, this.payoffs.fault[total], 0, 1, 0);
		if (v !== CONTINUES) throw new TengymError("bad-argument", "impossible Four Ten configuration (more than eight cards of a value)");
		if (stock[0] + stock[1] + stock[2] + stock[3] === 0) return setOutlook(out, this.payoffs.bottom[total], total, 0, 0);
		const k = m.comp[c];
		if (m.compCards[k] < 12) {
			checkStockFollows(c, stock);
			return this.stats ? setOutlook(out, this.nonFull[k], this.nonFullPoints[k], this.nonFullFault[k], this.nonFullScore[k]) : setOutlook(out, this.nonFull[k], NaN, NaN, NaN);
		}
		const i = this.fullIndex(c, stock);
		return this.stats ? setOutlook(out, this.full[i], this.fullPoints[i], this.fullFault[i], this.fullScore[i]) : setOutlook(out, this.full[i], NaN, NaN, NaN);
	}
	fullIndex(c, stock) {
		const m = this.model;
		const M = m.cfgM[c];
		let idx = m.slotBase[c];
		for (let v = 0; v < 4; v++) {
			const s = stock[v];
			if (s < 0 || s > 8 - m.mCounts[M * 4 + v]) throw new TengymError("bad-argument", `a stock of ${s} cards of value ${v + 1} is impossible with these hands`);
			idx += s * m.mStride[M * 4 + v];
		}
		return idx;
	}
	/** The expectation over the next card of A(c with hand h ← MS_ADD[base][v], stock − v). */
	drawInto(c, h, base, stock, out) {
		const size = stock[0] + stock[1] + stock[2] + stock[3];
		const acc = setOutlook(out, 0, 0, 0, 0);
		const tmp = blankOutlook();
		for (let v = 0; v < 4; v++) {
			if (stock[v] === 0) continue;
			const p = stock[v] / size;
			stock[v]--;
			this.afterChange(withHand(c, h, MS_ADD[base * 4 + v]), stock, tmp);
			stock[v]++;
			addScaled(acc, tmp, p);
		}
		return acc;
	}
	/** The value of placing the next (unseen) card into hand h of `c`. */
	placeHidden(c, h, stock, out) {
		return this.drawInto(c, h, configHand(c, h), Array.from(stock), out);
	}
	/** The value of replacing a card of value u (1..4) in hand h of full configuration `c`. */
	replace(c, h, u, stock, out) {
		const base = MS_REMOVE[configHand(c, h) * 4 + u - 1];
		if (base < 0) throw new TengymError("bad-argument", `hand ${h} holds no ${u}`);
		return this.drawInto(c, h, base, Array.from(stock), out);
	}
	/** W(c, stock): the value of a turn starting at configuration c (which neither scores nor faults). */
	turnStart(c, stock, out) {
		const st = Array.from(stock);
		const size = st[0] + st[1] + st[2] + st[3];
		const best = setOutlook(out, -Infinity, 0, 0, 0);
		const tmp = blankOutlook();
		if (configCards(c) === 12) {
			for (let h = 0; h < 3; h++) for (let u = 1; u <= 4; u++) {
				if (MS_COUNTS[configHand(c, h) * 4 + u - 1] === 0) continue;
				this.replace(c, h, u, st, tmp);
				if (tmp.value > best.value) copyOutlook(best, tmp);
			}
			return best;
		}
		if (!this.rules.drawVisible) {
			for (let h = 0; h < 3; h++) {
				if (MS_SIZE[configHand(c, h)] === 4) continue;
				this.placeHidden(c, h, st, tmp);
				if (tmp.value > best.value) copyOutlook(best, tmp);
			}
			return best;
		}
		setOutlook(best, 0, 0, 0, 0);
		const pick = blankOutlook();
		for (let v = 0; v < 4; v++) {
			if (st[v] === 0) continue;
			const p = st[v] / size;
			st[v]--;
			pick.value = -Infinity;
			for (let h = 0; h < 3; h++) {
				const hand = configHand(c, h);
				if (MS_SIZE[hand] === 4) continue;
				this.afterChange(withHand(c, h, MS_ADD[hand * 4 + v]), st, tmp);
				if (tmp.value > pick.value) copyOutlook(pick, tmp);
			}
			st[v]++;
			addScaled(best, pick, p);
		}
		return best;
	}
};
function checkStockFollows(c, stock) {
	for (let v = 1; v <= 4; v++) if (stock[v - 1] !== 8 - configCount(c, v)) throw new TengymError("bad-argument", "with fewer than 12 cards in the hands nothing is out of play, so the stock must hold the rest of the 32 cards");
}
function blankOutlook() {
	return {
		value: 0,
		points: 0,
		fault: 0,
		score: 0
	};
}
function setOutlook(o, value, points, fault, score) {
	o.value = value;
	o.points = points;
	o.fault = fault;
	o.score = score;
	return o;
}
function copyOutlook(dst, src) {
	setOutlook(dst, src.value, src.points, src.fault, src.score);
}
function addScaled(acc, x, p) {
	acc.value += p * x.value;
	acc.points += p * x.points;
	acc.fault += p * x.fault;
	acc.score += p * x.score;
}
/**
* Solves a round for `payoffs`: fills every (component, stock) value, stock size 1 up to 32.
* About 1 s for the default rules on one core (a third more with stats).
*/
function solveRound(rules, payoffs, opts = {}) {
	return new Staged(solveRoundSteps(rules, payoffs, opts)).get();
}
/** `solveRound` a slice at a time (`Staged`): its `seconds` count the pauses between slices too. */
function* solveRoundSteps(rules, payoffs, opts = {}) {
	const start = performance.now();
	const model = opts.model ?? (yield* roundModelStaged(rules.handTarget, rules.check).steps());
	if (model.handTarget !== rules.handTarget || model.check !== rules.check) throw new Error("solveRound: model of other rules");
	if (payoffs.bottom.length <= 48 || payoffs.fault.length <= 48) throw new TengymError("bad-argument", `round payoffs need bottom and fault for totals 0..48`);
	const sol = new RoundSolution(model, rules, payoffs, opts.stats === true);
	yield* solveFull(sol);
	yield* solveNonFull(sol);
	sol.seconds = (performance.now() - start) / 1e3;
	return sol;
}
/**
* The Bellman step of one replacement, for the full-hands solve: Σ_v s[v]·A(y with a card of
* value u+1 taken from hand h and a v+1 drawn into it, stock − v), not yet divided by the stock's
* size k; with `figures`, also the expected points, P(fault) and P(score) that follow, into it.
*/
var Replacement = class {
	s;
	verdict;
	slotBase;
	cfgM;
	mStride;
	full;
	fPts;
	fFault;
	fScore;
	payScore;
	payBottom;
	payFault;
	hTarget;
	constructor(sol, s) {
		this.s = s;
		const m = sol.model;
		this.verdict = m.verdict;
		this.slotBase = m.slotBase;
		this.cfgM = m.cfgM;
		this.mStride = m.mStride;
		this.full = sol.full;
		this.fPts = sol.fullPoints;
		this.fFault = sol.fullFault;
		this.fScore = sol.fullScore;
		this.payScore = sol.payoffs.score;
		this.payBottom = sol.payoffs.bottom;
		this.payFault = sol.payoffs.fault;
		this.hTarget = sol.rules.handTarget;
	}
	/** `total`: the hands' total before the replacement; figures[0..2]: points, P(fault), P(score). */
	step(y, h, u, k, total, figures) {
		const s = this.s;
		const z = MS_REMOVE[configHand(y, h) * 4 + u];
		const rest = withHand(y, h, 0);
		const stride = HAND_STRIDE[h];
		const inv = 1 / k;
		let acc = 0;
		if (figures) figures.fill(0);
		for (let v = 0; v < 4; v++) {
			const sv = s[v];
			if (sv === 0) continue;
			const c2 = rest + MS_ADD[z * 4 + v] * stride;
			const vd = this.verdict[c2];
			if (vd === 1) {
				acc += sv * this.payScore;
				if (figures) {
					figures[0] += sv * inv * this.hTarget;
					figures[2] += sv * inv;
				}
			} else if (vd === 2) {
				acc += sv * this.payFault[total - u + v];
				if (figures) figures[1] += sv * inv;
			} else if (k === 1) {
				acc += sv * this.payBottom[total - u + v];
				if (figures) figures[0] += sv * inv * (total - u + v);
			} else {
				const stride = this.mStride;
				const M2 = this.cfgM[c2] * 4;
				const i2 = this.slotBase[c2] + s[0] * stride[M2] + s[1] * stride[M2 + 1] + s[2] * stride[M2 + 2] + s[3] * stride[M2 + 3] - stride[M2 + v];
				acc += sv * this.full[i2];
				if (figures) {
					const p = sv * inv;
					figures[0] += p * this.fPts[i2];
					figures[1] += p * this.fFault[i2];
					figures[2] += p * this.fScore[i2];
				}
			}
		}
		return acc;
	}
};
/**
* X(K, stock) of a component K as it is solved: the best of its score (when one of its members is
* an exchange from scoring), its members' turns, and its fault (when one is an exchange from
* faulting), with the round's figures of the best (expected points, P(fault), P(score)).
*/
var ComponentBest = class {
	payoffs;
	handTarget;
	value = -Infinity;
	points = 0;
	fault = 0;
	score = 0;
	constructor(payoffs, handTarget) {
		this.payoffs = payoffs;
		this.handTarget = handTarget;
	}
	/** Starts a component with these flags: its score, if it touches one. */
	begin(flags) {
		this.value = -Infinity;
		this.points = 0;
		this.fault = 0;
		this.score = 0;
		if (flags & 1) {
			this.value = this.payoffs.score;
			this.points = this.handTarget;
			this.score = 1;
		}
	}
	/** Ends it: its fault at the hands' total, if it touches one and the fault is worth more. */
	end(flags, total) {
		if (flags & 2 && this.payoffs.fault[total] > this.value) {
			this.value = this.payoffs.fault[total];
			this.points = 0;
			this.fault = 1;
			this.score = 0;
		}
	}
};
/** Full hands: replacements, stock sizes 1..20. */
function* solveFull(sol) {
	const m = sol.model;
	const slotBase = m.slotBase;
	const full = sol.full;
	const stats = sol.stats;
	const fPts = sol.fullPoints;
	const fFault = sol.fullFault;
	const fScore = sol.fullScore;
	const flagsOf = m.compFlags;
	const totalOf = m.compTotal;
	const s = /* @__PURE__ */ new Int32Array(4);
	const replacement = new Replacement(sol, s);
	const figures = /* @__PURE__ */ new Float64Array(3);
	const best = new ComponentBest(sol.payoffs, sol.rules.handTarget);
	for (let k = 1; k <= 20; k++) {
		const inv = 1 / k;
		for (let M = 0; M < m.numM; M++) {
			const compFrom = m.mCompStart[M];
			const compTo = m.mCompStart[M + 1];
			if (compFrom === compTo) continue;
			const list = m.mStockStart[M];
			const from = m.mSizeStart[M * 22 + k];
			const to = k < 21 ? m.mSizeStart[M * 22 + k + 1] : m.mBox[M];
			if (k > 20 || from >= to) continue;
			yield;
			for (let si = from; si < to; si++) {
				const idx = m.mStocks[list + si];
				let rest = idx;
				for (let v = 0; v < 4; v++) {
					const r = 9 - m.mCounts[M * 4 + v];
					s[v] = rest % r;
					rest = (rest - s[v]) / r;
				}
				for (let ci = compFrom; ci < compTo; ci++) {
					const comp = m.mComps[ci];
					const flags = flagsOf[comp];
					const total = totalOf[comp];
					best.begin(flags);
					for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
						const y = m.compMembers[mi];
						let w = -Infinity;
						let wh = -1;
						let wu = -1;
						for (let h = 0; h < 3; h++) {
							const hm = configHand(y, h);
							for (let u = 0; u < 4; u++) {
								if (MS_COUNTS[hm * 4 + u] === 0) continue;
								const acc = replacement.step(y, h, u, k, total, null);
								if (acc > w) {
									w = acc;
									wh = h;
									wu = u;
								}
							}
						}
						w *= inv;
						if (w > best.value) {
							best.value = w;
							if (stats) {
								replacement.step(y, wh, wu, k, total, figures);
								best.points = figures[0];
								best.fault = figures[1];
								best.score = figures[2];
							}
						}
					}
					best.end(flags, total);
					const at = slotBase[m.compMembers[m.compStart[comp]]] + idx;
					full[at] = best.value;
					if (stats) {
						fPts[at] = best.points;
						fFault[at] = best.fault;
						fScore[at] = best.score;
					}
				}
			}
		}
	}
}
/** Fewer than 12 cards: placements, 11 cards down to 0 (the stock follows from the hands). */
function* solveNonFull(sol) {
	const m = sol.model;
	const verdict = m.verdict;
	const slotBase = m.slotBase;
	const cfgM = m.cfgM;
	const mBox = m.mBox;
	const compOf = m.comp;
	const full = sol.full;
	const nonFull = sol.nonFull;
	const stats = sol.stats;
	const fPts = sol.fullPoints;
	const fFault = sol.fullFault;
	const fScore = sol.fullScore;
	const nPts = sol.nonFullPoints;
	const nFault = sol.nonFullFault;
	const nScore = sol.nonFullScore;
	const payScore = sol.payoffs.score;
	const payFault = sol.payoffs.fault;
	const hTarget = sol.rules.handTarget;
	const visible = sol.rules.drawVisible;
	const s = /* @__PURE__ */ new Int32Array(4);
	const hands = /* @__PURE__ */ new Int32Array(3);
	const best = new ComponentBest(sol.payoffs, sol.rules.handTarget);
	let aPts = 0;
	let aFault = 0;
	let aScore = 0;
	const after = (c2, total) => {
		const vd = verdict[c2];
		if (vd === 1) {
			if (stats) {
				aPts = hTarget;
				aFault = 0;
				aScore = 1;
			}
			return payScore;
		}
		if (vd === 2) {
			if (stats) {
				aPts = 0;
				aFault = 1;
				aScore = 0;
			}
			return payFault[total];
		}
		const k2 = compOf[c2];
		if (m.compCards[k2] === 12) {
			const i = slotBase[c2] + mBox[cfgM[c2]] - 1;
			if (stats) {
				aPts = fPts[i];
				aFault = fFault[i];
				aScore = fScore[i];
			}
			return full[i];
		}
		if (stats) {
			aPts = nPts[k2];
			aFault = nFault[k2];
			aScore = nScore[k2];
		}
		return nonFull[k2];
	};
	for (let oi = 0; oi < m.nonFullOrder.length; oi++) {
		if ((oi & 255) === 255) yield;
		const comp = m.nonFullOrder[oi];
		const flags = m.compFlags[comp];
		const total = m.compTotal[comp];
		const inv = 1 / (32 - m.compCards[comp]);
		best.begin(flags);
		for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
			const y = m.compMembers[mi];
			hands[0] = configHand(y, 0);
			hands[1] = configHand(y, 1);
			hands[2] = configHand(y, 2);
			for (let v = 0; v < 4; v++) s[v] = 8 - MS_COUNTS[hands[0] * 4 + v] - MS_COUNTS[hands[1] * 4 + v] - MS_COUNTS[hands[2] * 4 + v];
			let w = 0;
			let wPts = 0;
			let wFault = 0;
			let wScore = 0;
			if (visible) for (let v = 0; v < 4; v++) {
				if (s[v] === 0) continue;
				let pick = -Infinity;
				let pPts = 0;
				let pFault = 0;
				let pScore = 0;
				for (let h = 0; h < 3; h++) {
					const hm = hands[h];
					if (MS_SIZE[hm] === 4) continue;
					const nh = MS_ADD[hm * 4 + v];
					const a = after(withHand(y, h, nh), total + v + 1);
					if (a > pick) {
						pick = a;
						pPts = aPts;
						pFault = aFault;
						pScore = aScore;
					}
				}
				const p = s[v] * inv;
				w += p * pick;
				if (stats) {
					wPts += p * pPts;
					wFault += p * pFault;
					wScore += p * pScore;
				}
			}
			else {
				w = -Infinity;
				for (let h = 0; h < 3; h++) {
					const hm = hands[h];
					if (MS_SIZE[hm] === 4) continue;
					let acc = 0;
					let cPts = 0;
					let cFault = 0;
					let cScore = 0;
					for (let v = 0; v < 4; v++) {
						if (s[v] === 0) continue;
						const nh = MS_ADD[hm * 4 + v];
						const c2 = withHand(y, h, nh);
						const p = s[v] * inv;
						acc += p * after(c2, total + v + 1);
						if (stats) {
							cPts += p * aPts;
							cFault += p * aFault;
							cScore += p * aScore;
						}
					}
					if (acc > w) {
						w = acc;
						wPts = cPts;
						wFault = cFault;
						wScore = cScore;
					}
				}
			}
			if (w > best.value) {
				best.value = w;
				best.points = wPts;
				best.fault = wFault;
				best.score = wScore;
			}
		}
		best.end(flags, total);
		nonFull[comp] = best.value;
		if (stats) {
			nPts[comp] = best.points;
			nFault[comp] = best.fault;
			nScore[comp] = best.score;
		}
	}
}
/** The most (points, safeties) states the game solve takes on (each is at least one round solve, about 1 s). */
const MAX_GAME_STATES = 2e3;
/** Sweeps stop when no shortfall moves by more than this part of itself. */
const CONVERGED = 1e-9;
const MAX_SWEEPS = 300;
/** The smallest `maxRounds` the optimal policy accepts for these rules (see the module comment). */
function minimumMaxRounds(gameTarget) {
	return 20 + Math.ceil(gameTarget / 5);
}
/** Refuses, naming the option, the rules the game policy cannot be optimal for. */
function checkGameOptions(rules) {
	const states = rules.gameTarget * (rules.safeties + 1);
	if (states > 2e3) throw new TengymError("bad-argument", `optimal: gameTarget ${rules.gameTarget} with safeties ${rules.safeties} makes ${states} (points, safeties) states to solve, one round solve (about 1 s) each; the optimal agent takes at most ${MAX_GAME_STATES} (gameTarget × (safeties + 1))`);
	const least = minimumMaxRounds(rules.gameTarget);
	if (rules.maxRounds < least) throw new TengymError("bad-argument", `optimal: maxRounds ${rules.maxRounds} is too short: the optimal policy maximises the chance of reaching gameTarget ${rules.gameTarget} without a round cap, which is the optimum only when the cap practically never binds; it needs maxRounds ≥ ${least} (20 + gameTarget/5)`);
}
/** The shortfalls L(p, s) = 1 − E[γ^R · 1{win}] for p < gameTarget, s ≤ safeties: `shortfall[s * gameTarget + p]`. */
var GameValues = class {
	rules;
	/** δ, the discount per round. */
	discount;
	shortfall;
	constructor(rules, discount, shortfall) {
		if (shortfall.length !== rules.gameTarget * (rules.safeties + 1)) throw new Error("GameValues: wrong table size");
		this.rules = rules;
		this.discount = discount;
		this.shortfall = shortfall;
	}
	/** L(p, s): 0 at or above the target. */
	loss(points, safeties) {
		return points >= this.rules.gameTarget ? 0 : this.shortfall[safeties * this.rules.gameTarget + points];
	}
	/** 1 − L(p, s): the chance of winning from the start of a round at (p, s), discounted by γ per round. */
	winChance(points, safeties) {
		return 1 - this.loss(points, safeties);
	}
	/** The round payoffs at (points, safeties). */
	payoffs(points, safeties) {
		return gamePayoffs(this.rules, this.discount, points, safeties, (p, s) => this.loss(p, s));
	}
};
function gamePayoffs(rules, delta, p, s, loss) {
	const next = (q, t) => -(delta + (1 - delta) * loss(q, t));
	const bottom = /* @__PURE__ */ new Float64Array(49);
	const fault = /* @__PURE__ */ new Float64Array(49);
	for (let t = 0; t <= 48; t++) {
		bottom[t] = next(p + t, s);
		fault[t] = s > 0 ? next(p, s - 1) : p >= t ? next(p - t, 0) : -1;
	}
	return {
		score: next(p + rules.handTarget, s),
		bottom,
		fault
	};
}
/** Solves L for every (points, safeties): about 15·gameTarget + safeties·gameTarget round solves. */
function computeGameValues(rules, opts = {}) {
	checkGameOptions(rules);
	const delta = opts.discount ?? 1e-12;
	const G = rules.gameTarget;
	const L = new Float64Array(G * (rules.safeties + 1)).fill(1);
	const loss = (p, s) => p >= G ? 0 : L[s * G + p];
	const model = roundModel(rules.handTarget, rules.check);
	let solves = 0;
	const solveAt = (p, s, sweep) => {
		const old = L[s * G + p];
		const now = -solveRound(rules, gamePayoffs(rules, delta, p, s, loss), { model }).roundValue;
		L[s * G + p] = now;
		solves++;
		const change = Math.abs(now - old) / Math.max(now, Number.MIN_VALUE);
		opts.onProgress?.({
			solves,
			points: p,
			safeties: s,
			sweep,
			change
		});
		return change;
	};
	const previous = new Float64Array(G);
	let lastChange = Infinity;
	let lastRatio = NaN;
	for (let sweep = 1;; sweep++) {
		previous.set(L.subarray(0, G));
		let change = 0;
		for (let p = G - 1; p >= 0; p--) change = Math.max(change, solveAt(p, 0, sweep));
		if (change < CONVERGED) break;
		if (sweep >= MAX_SWEEPS) throw new Error(`Four Ten game values did not converge in ${MAX_SWEEPS} sweeps (last change ${change})`);
		const ratio = change / lastChange;
		if (ratio < .9 && Math.abs(ratio - lastRatio) < .2 * ratio) {
			const tail = ratio / (1 - ratio);
			for (let p = 0; p < G; p++) L[p] = Math.min(1, Math.max(0, L[p] + (L[p] - previous[p]) * tail));
			lastRatio = NaN;
			lastChange = Infinity;
		} else {
			lastRatio = ratio;
			lastChange = change;
		}
	}
	for (let s = 1; s <= rules.safeties; s++) for (let p = G - 1; p >= 0; p--) solveAt(p, s, 1);
	return new GameValues(rules, delta, L);
}
/**
* The pace objective, beside the win chance that `computeGameValues` puts first: R(p, s), the
* fewest expected rounds still to play from a round's start at (p, s), this one included, a lost
* game counting `lossRounds` more (so the game is risked only for that many rounds saved).
* Each round at (p, s) is solved minimising 1 + R(where it ends): score → R(p + handTarget, s),
* bottom at total t → R(p + t, s), fault → R(p, s − 1) with a safety left, else R(p − t, 0) if
* p ≥ t, else the loss. As for the shortfalls, rounds at s ≥ 1 only move p up or s down (one solve
* per (p, s), highest p first), and s = 0 is a fixed point found by Gauss–Seidel sweeps, here until
* no value moves by 10⁻⁷ rounds. `onSolve` sees every round solution, the last one of each (p, s)
* being final (to keep them).
* The uncapped game's optimum, like the game values (see the module comment on `maxRounds`).
*/
function computePaceValues(rules, opts = {}) {
	checkGameOptions(rules);
	const loss = opts.lossRounds ?? 10;
	const G = rules.gameTarget;
	const R = Float64Array.from({ length: G * (rules.safeties + 1) }, (_, i) => 1 + (G - i % G) / 12);
	const rounds = (p, s) => p >= G ? 0 : R[s * G + p];
	const model = roundModel(rules.handTarget, rules.check);
	let solves = 0;
	const solveAt = (p, s, sweep) => {
		const next = (q, t) => -(1 + rounds(q, t));
		const lost = -(1 + loss);
		const bottom = /* @__PURE__ */ new Float64Array(49);
		const fault = /* @__PURE__ */ new Float64Array(49);
		for (let t = 0; t <= 48; t++) {
			bottom[t] = next(p + t, s);
			fault[t] = s > 0 ? next(p, s - 1) : p >= t ? next(p - t, 0) : lost;
		}
		const solution = solveRound(rules, {
			score: next(p + rules.handTarget, s),
			bottom,
			fault
		}, { model });
		const change = Math.abs(-solution.roundValue - R[s * G + p]);
		R[s * G + p] = -solution.roundValue;
		solves++;
		opts.onProgress?.({
			solves,
			points: p,
			safeties: s,
			sweep,
			change
		});
		opts.onSolve?.(p, s, solution);
		return change;
	};
	for (let sweep = 1;; sweep++) {
		let change = 0;
		for (let p = G - 1; p >= 0; p--) change = Math.max(change, solveAt(p, 0, sweep));
		if (change < 1e-7) break;
		if (sweep >= MAX_SWEEPS) throw new Error(`Four Ten pace values did not converge in ${MAX_SWEEPS} sweeps (last change ${change})`);
	}
	for (let s = 1; s <= rules.safeties; s++) for (let p = G - 1; p >= 0; p--) solveAt(p, s, 1);
	return R;
}
/**
* The policy: game values plus the round solved at each (points, safeties) met, kept in memory
* (about 3.6 MB each for the default rules; the least recently used go beyond `maxTables`).
*/
var GamePolicy = class {
	values;
	maxTables;
	/** Each round solved or being solved, and whether with the round figures; least recently used first. */
	tables = /* @__PURE__ */ new Map();
	/** Round solves done so far, and their seconds. */
	solves = 0;
	solveSeconds = 0;
	constructor(values, maxTables = 64) {
		this.values = values;
		this.maxTables = maxTables;
	}
	/** The round model for these rules, shared with every solver of them. */
	get model() {
		return roundModelStaged(this.values.rules.handTarget, this.values.rules.check).get();
	}
	/** The round solved for (points, safeties); `stats` adds the round figures for hints. */
	round(points, safeties, stats = false) {
		return this.roundStaged(points, safeties, stats).get();
	}
	/**
	* `round` a slice at a time (`Staged`), for a hint with a time budget: a solve begun here is the one `round` then
	* finishes. A round solved with its figures serves a call without them.
	*/
	roundStaged(points, safeties, stats = false) {
		const key = `${points}/${safeties}`;
		const hit = this.tables.get(key);
		this.tables.delete(key);
		if (hit && (hit.stats || !stats)) {
			this.tables.set(key, hit);
			return hit.solution;
		}
		const solution = new Staged(this.solve(points, safeties, stats));
		this.tables.set(key, {
			solution,
			stats
		});
		while (this.tables.size > this.maxTables) this.tables.delete(this.tables.keys().next().value);
		return solution;
	}
	*solve(points, safeties, stats) {
		const solution = yield* solveRoundSteps(this.values.rules, this.values.payoffs(points, safeties), { stats });
		this.solves++;
		this.solveSeconds += solution.seconds;
		return solution;
	}
};
// src/games/four-ten/solver/optimal-agent.ts
const policies = /* @__PURE__ */ new Map();
const lambdaRounds = /* @__PURE__ */ new Map();
/** The rules the solver reads, from an env's options (validated here: they may come from anywhere). */
function gameRulesOf(options) {
	const parsed = fourTenOptionsSchema.safeParse(options);
	if (!parsed.success) throw new TengymError("bad-argument", `optimal: bad four-ten options ${JSON.stringify(options)}`);
	const o = parsed.data;
	return {
		drawVisible: o.drawVisible,
		check: o.check,
		handTarget: o.handTarget,
		gameTarget: o.gameTarget,
		safeties: o.safeties,
		maxRounds: o.maxRounds
	};
}
function rulesKey$1(r) {
	return `${r.drawVisible}/${r.check}/${r.handTarget}/${r.gameTarget}/${r.safeties}`;
}
/** Whether the shipped table covers these rules (else the first use solves the game: minutes). */
function hasShippedGameValues(rules) {
	const d = DEFAULT_GAME_VALUES.rules;
	return rulesKey$1(rules) === rulesKey$1({
		...d,
		maxRounds: rules.maxRounds
	});
}
/**
* The game policy for these rules (shared by every agent in the thread). The default rules use
* the shipped table of L(points, safeties); other rules solve it here, once (about
* (21 + safeties)·gameTarget round solves of about 1 s each).
*/
function gamePolicy(rules, onProgress) {
	checkGameOptions(rules);
	const key = rulesKey$1(rules);
	let policy = policies.get(key);
	if (!policy) {
		policy = new GamePolicy(hasShippedGameValues(rules) ? new GameValues(rules, DEFAULT_GAME_VALUES.discount, Float64Array.from(DEFAULT_GAME_VALUES.shortfall)) : computeGameValues(rules, { onProgress }));
		policies.set(key, policy);
	}
	return policy;
}
/** One round solved for points − λ·P(fault), with the round figures (cached per rules and λ), in slices. */
function lambdaRoundStaged(rules, lambda) {
	if (!Number.isFinite(lambda) || lambda < 0) throw new TengymError("bad-argument", `λ must be a finite number ≥ 0, got ${lambda}`);
	const key = `${rulesKey$1(rules)}/${lambda}`;
	let sol = lambdaRounds.get(key);
	if (!sol) {
		roundModelStaged(rules.handTarget, rules.check);
		sol = new Staged(solveRoundSteps(rules, roundPayoffs(rules.handTarget, lambda), { stats: true }));
		lambdaRounds.set(key, sol);
	}
	return sol;
}
/** One round solved for points − λ·P(fault), with the round figures (cached per rules and λ). */
const lambdaRound = (rules, lambda) => lambdaRoundStaged(rules, lambda).get();
function viewOf(env) {
	const four = fourTenOf(env);
	if (!four) throw new TengymError("bad-argument", `optimal plays four-ten, not ${env.id}`);
	if (!env.running) throw new TengymError("episode-over", "optimal: the episode is over (or not started)");
	const s = four.state;
	const phase = phaseOf(env);
	const seen = /* @__PURE__ */ new Set();
	if (phase === "exchange") for (let i = 0; i < s.seenCount; i++) seen.add(configOfKey(s.seen[i]));
	return {
		config: configOfKey(s.key),
		stock: Array.from(s.stockCounts),
		drawn: s.drawn,
		phase,
		seen,
		points: s.points,
		safeties: s.safeties
	};
}
function better(x, xFault, best, bestFault) {
	return x.value > best.value || x.value === best.value && bestFault && !xFault;
}
/**
* The best the turn can still end with after an exchange into `start`: ending the turn at a
* configuration reachable from `start` without revisiting `seen`, or stepping from one of them
* into a score or a fault. Breadth first, so the first best found is the nearest.
*/
function bestReachable(sol, start, stock, seen, turnStarts) {
	const model = sol.model;
	const best = blankOutlook();
	best.value = -Infinity;
	let bestFault = false;
	let bestSteps = 0;
	const visited = new Set(seen);
	visited.add(start);
	let layer = [start];
	const nb = /* @__PURE__ */ new Int32Array(32);
	const terminal = blankOutlook();
	for (let depth = 0; layer.length > 0; depth++) {
		const next = [];
		for (const z of layer) {
			let w = turnStarts.get(z);
			if (!w) {
				w = sol.turnStart(z, stock, blankOutlook());
				turnStarts.set(z, w);
			}
			if (better(w, false, best, bestFault)) {
				Object.assign(best, w);
				bestFault = false;
				bestSteps = depth + 1;
			}
			const n = exchangeNeighbours(z, nb);
			for (let i = 0; i < n; i++) {
				const y = nb[i];
				const verdict = model.verdict[y];
				if (verdict === CONTINUES) {
					if (!visited.has(y)) {
						visited.add(y);
						next.push(y);
					}
				} else {
					sol.afterChange(y, stock, terminal);
					const isFault = verdict === 2;
					if (better(terminal, isFault, best, bestFault)) {
						Object.assign(best, terminal);
						bestFault = isFault;
						bestSteps = depth + 1;
					}
				}
			}
		}
		layer = next;
	}
	return {
		outlook: best,
		steps: bestSteps
	};
}
/** Every legal action of the env's state valued with `sol` (in legal-id order). */
function valueActions(env, sol) {
	const view = viewOf(env);
	const c = view.config;
	const stock = view.stock;
	const out = [];
	const turnStarts = /* @__PURE__ */ new Map();
	for (let i = 0; i < env.legalCount; i++) {
		const action = env.legal[i];
		const o = blankOutlook();
		let steps = 0;
		if (action < 3) {
			if (view.drawn > 0) sol.afterChange(withHand(c, action, MS_ADD[configHand(c, action) * 4 + view.drawn - 1]), stock, o);
			else sol.placeHidden(c, action, stock, o);
		} else if (action < 15) {
			const r = action - 3;
			sol.replace(c, r >> 2, (r & 3) + 1, stock, o);
		} else if (action < 47) {
			const y = afterExchange(c, action - 15);
			if (sol.model.verdict[y] !== CONTINUES) {
				sol.afterChange(y, stock, o);
				steps = 1;
			} else {
				const r = bestReachable(sol, y, stock, view.seen, turnStarts);
				Object.assign(o, r.outlook);
				steps = 1 + r.steps;
			}
		} else {
			let w = turnStarts.get(c);
			if (!w) {
				w = sol.turnStart(c, stock, blankOutlook());
				turnStarts.set(c, w);
			}
			Object.assign(o, w);
		}
		out.push({
			action,
			outlook: o,
			steps
		});
	}
	return out;
}
/** Best first: higher value, then fewer steps, then the lower id. */
function rankActions(valued) {
	return [...valued].sort((x, y) => y.outlook.value - x.outlook.value || x.steps - y.steps || x.action - y.action);
}
/**
* Every legal action's worth at a Four Ten state, best first: the chance of winning the game
* (objective 'game', the `optimal` agent's) or round points − λ·P(fault) (`{ lambda }`), and the
* round's expected points, P(fault), P(Hand = handTarget), P(bottom) and the bottom's mean pay
* when the rest of the round is played by that same optimal policy. The first call at a
* (points, safeties) solves that round with its figures (about 1.5 s).
*/
function fourTenActionDetails(env, objective = "game") {
	const rules = gameRulesOf(env.options);
	const view = viewOf(env);
	const ranked = rankActions(valueActions(env, objective === "game" ? gamePolicy(rules).round(view.points, view.safeties, true) : lambdaRound(rules, objective.lambda)));
	return {
		kind: objective === "game" ? "win-probability" : "value",
		actions: ranked.map(({ action, outlook: o }) => {
			const value = objective === "game" ? 1 + o.value : o.value;
			const bottom = Math.max(0, 1 - o.fault - o.score);
			const bottomPoints = bottom > 1e-9 ? (o.points - rules.handTarget * o.score) / bottom : NaN;
			return {
				action,
				description: env.describeAction(action),
				value,
				points: o.points,
				fault: o.fault,
				score: o.score,
				bottom,
				bottomPoints
			};
		})
	};
}
var OptimalFourTenAgent = class {
	name = "optimal";
	fair = true;
	rules;
	policy = null;
	constructor(options) {
		this.rules = gameRulesOf(options);
		checkGameOptions(this.rules);
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	roundAt(env) {
		return this.tablesFor(env).get();
	}
	/**
	* The round this agent ranks the state's moves with, solved a slice at a time (a hint with a time budget); `stats`:
	* with the round figures the hints' sentences read.
	*/
	tablesFor(env, stats = false) {
		this.policy ??= gamePolicy(this.rules);
		const view = viewOf(env);
		return this.policy.roundStaged(view.points, view.safeties, stats);
	}
	act(env) {
		checkPlaying(env, this.name);
		if (env.legalCount === 1) return env.legal[0];
		return rankActions(valueActions(env, this.roundAt(env)))[0].action;
	}
	/** Every legal action's chance of winning the game (discounted by 10⁻⁶ per round), best first. */
	score(env) {
		checkPlaying(env, this.name);
		return {
			kind: "win-probability",
			actions: rankActions(valueActions(env, this.roundAt(env))).map((a) => ({
				action: a.action,
				score: 1 + a.outlook.value
			}))
		};
	}
};
// src/games/four-ten/solver/index.ts
/**
* The exact Four Ten solver and the `optimal` agent: the ceiling, not a baseline (`ceiling: true`;
* comparisons with "the best baseline" leave it out, like the decade oracle). It is fair: it
* reads the stock's composition, never its order.
*/
const OPTIMAL_AGENTS = [{
	name: "optimal",
	description: "the exact optimal policy (rounds solved by expectimax over hands, stock composition and phase; maximises the chance of winning, then fewer rounds): the ceiling, not a baseline",
	fair: true,
	ceiling: true,
	games: [fourTenGame],
	slowFirstMove: (env) => {
		const rules = gameRulesOf(env.options);
		if (hasShippedGameValues(rules)) return null;
		return `its first move solves the game values of these options (the shipped table covers the default rules): about ${Math.max(1, Math.round((21 + rules.safeties) * rules.gameTarget / 60))} minutes of one core, in each thread that plays it`;
	},
	create: (env) => new OptimalFourTenAgent(env.options)
}];
// src/games/four-ten/agents/prospects.ts
/**
* The prospects of a configuration: the expected points the rest of a round brings, solved
* exactly for a simplified deck in which every card is 1, 2, 3 or 4 with chance ¼ (as if the
* stock were reshuffled with replacement). It is the leaf value of `expectimax` and the
* judge of `bottom`: it knows that the bottom of the deck pays Hand + Home + Shadow, and which
* configurations can be carried there safely.
*
* Round values are the caller's (`ProspectValues`): what ending the round with g points is worth
* (Hand = handTarget pays handTarget, the bottom pays Hand + Home + Shadow; the agents cap points
* at those still needed to win) and what a fault costs (the price of a safety). The turn
* structure is the engine's: a draw (seen before the choice with
* `drawVisible`, after it without), or a replacement once the twelve slots are full, then any
* path of exchanges through configurations that neither fault nor score, ending in one that
* scores or in the turn's end.
*
* Solved by backward induction over the cards drawn (0–31), once per rule set and values
* (about 0.1 s, 0.4 s the first time for a rule set; cached, under 1 MB each). Exchanges keep each hand's size and the
* cards in play, so the configurations one turn's exchanges can reach are the connected components of the "one
* exchange, no fault, no score" graph, computed once.
*/
const SLOTS$1 = 12;
/** About how many configurations a slice of the solve values (a millisecond or so in Node). */
const SLICE = 2048;
/** Points worth their number up to `cap` (the points still needed to win), a fault worth −faultCost. */
function cappedPoints(cap, faultCost, bottom = true) {
	return {
		worth: Array.from({ length: 49 }, (_, g) => Math.min(g, cap)),
		fault: -faultCost,
		bottom
	};
}
/** The cap for `need` points still to win: none (Infinity) when no round can bring that many. */
function capFor(rules, need) {
	return need >= 3 * Math.min(rules.handTarget, 16) ? Infinity : need;
}
/** The exchange graph of one rule set: components of the configurations that neither fault nor score. */
var ExchangeGraph = class {
	/** Component of each non-terminal configuration, −1 for the others. */
	component;
	/** 1 when some member of the component reaches a scoring configuration with one exchange. */
	scores;
	members;
	verdict;
	/**
	* Value-table index of each non-terminal configuration (−1 for the others): those with fewer
	* than 12 cards are numbered 0..partialSize-1, the full ones 0..fullSize-1.
	*/
	dense;
	partialSize;
	fullSize;
	/** The same numbering for components: full ones 0..fullComponents-1, the others 0..partialComponents-1. */
	componentIndex;
	partialComponents;
	fullComponents;
	/** The graph `buildGraph` computed, field by field. */
	constructor(parts) {
		this.component = parts.component;
		this.scores = parts.scores;
		this.members = parts.members;
		this.verdict = parts.verdict;
		this.dense = parts.dense;
		this.partialSize = parts.partialSize;
		this.fullSize = parts.fullSize;
		this.componentIndex = parts.componentIndex;
		this.partialComponents = parts.partialComponents;
		this.fullComponents = parts.fullComponents;
	}
};
/** Builds the exchange graph of a rule set, a slice at a time (`Staged`). */
function* buildGraph(rules) {
	const verdict = yield* verdictsStaged(rules).steps();
	const parent = new Int32Array(NUM_CONFIGS).fill(-1);
	const find = (x) => {
		while (parent[x] !== x) {
			parent[x] = parent[parent[x]];
			x = parent[x];
		}
		return x;
	};
	for (let c = 0; c < NUM_CONFIGS; c++) if (verdict[c] === 0) parent[c] = c;
	const reachesScore = new Uint8Array(NUM_CONFIGS);
	for (let c = 0; c < NUM_CONFIGS; c++) {
		if ((c & 4095) === 4095) yield;
		if (parent[c] < 0) continue;
		for (let e = 0; e < 32; e++) {
			const d = afterExchange(c, e);
			if (d < 0) continue;
			const v = verdict[d];
			if (v === 1) reachesScore[c] = 1;
			else if (v === 0) {
				const ra = find(c);
				const rb = find(d);
				if (ra !== rb) parent[ra] = rb;
			}
		}
	}
	const component = new Int32Array(NUM_CONFIGS).fill(-1);
	const lists = [];
	const ids = new Int32Array(NUM_CONFIGS).fill(-1);
	for (let c = 0; c < NUM_CONFIGS; c++) {
		if ((c & 4095) === 4095) yield;
		if (parent[c] < 0) continue;
		const r = find(c);
		if (ids[r] < 0) {
			ids[r] = lists.length;
			lists.push([]);
		}
		component[c] = ids[r];
		lists[ids[r]].push(c);
	}
	const members = [];
	const dense = new Int32Array(NUM_CONFIGS).fill(-1);
	let partialSize = 0;
	let fullSize = 0;
	const componentIndex = new Int32Array(lists.length);
	let partialComponents = 0;
	let fullComponents = 0;
	const scores = new Uint8Array(lists.length);
	for (let k = 0; k < lists.length; k++) {
		const l = lists[k];
		members.push(Int32Array.from(l));
		for (const c of l) dense[c] = configCards(c) === SLOTS$1 ? fullSize++ : partialSize++;
		componentIndex[k] = configCards(l[0]) === SLOTS$1 ? fullComponents++ : partialComponents++;
		scores[k] = l.some((c) => reachesScore[c] === 1) ? 1 : 0;
		if ((k & 127) === 127) yield;
	}
	return new ExchangeGraph({
		component,
		scores,
		members,
		verdict,
		dense,
		partialSize,
		fullSize,
		componentIndex,
		partialComponents,
		fullComponents
	});
}
const graphCache = /* @__PURE__ */ new Map();
function exchangeGraphStaged(rules) {
	const id = `${rules.handTarget}/${rules.check}`;
	let g = graphCache.get(id);
	if (!g) graphCache.set(id, g = new Staged(buildGraph(rules)));
	return g;
}
/** The solved prospects of one rule set and one set of values. */
var Prospects = class Prospects {
	rules;
	values;
	graph;
	/**
	* Turn start at a non-terminal configuration (by graph.dense) with fewer than 12 cards (then the cards drawn = the
	* cards in hands).
	*/
	startPartial;
	/** Turn start with full hands, by cards drawn n = 12..31: startFull[n - 12][dense]. */
	startFull = [];
	/** Best turn-start value over each component (the exchange phase), partial hands. */
	bestPartial;
	/** Same for full hands, by cards drawn. */
	bestFull = [];
	/** Unsolved: `solve()` fills the tables (`prospectsStaged` does both). */
	constructor(rules, values, graph) {
		this.rules = rules;
		this.values = values;
		this.graph = graph;
		this.startPartial = new Float32Array(this.graph.partialSize);
		this.bestPartial = new Float32Array(this.graph.partialComponents);
		for (let n = SLOTS$1; n < 32; n++) {
			this.startFull.push(new Float32Array(this.graph.fullSize));
			this.bestFull.push(new Float32Array(this.graph.fullComponents));
		}
	}
	/** The solved prospects, built a slice at a time. */
	static *build(rules, values) {
		const p = new Prospects(rules, values, yield* exchangeGraphStaged(rules).steps());
		yield* p.solve();
		return p;
	}
	/** Value of a round that ends with `points` gained. */
	gain(points) {
		return this.values.worth[points];
	}
	/** Value of reaching the bottom of the deck at c. */
	bottom(c) {
		return this.values.bottom === false ? 0 : this.gain(configTotal(c));
	}
	/**
	* Value of configuration c right after a card was placed or replaced, `drawn` cards into the
	* round: the check, the bottom of the deck, or the best the turn's exchanges reach.
	*/
	afterCard(c, drawn) {
		const v = this.graph.verdict[c];
		if (v === 1) return this.gain(this.rules.handTarget);
		if (v === 2) return this.values.fault;
		if (drawn === 32) return this.bottom(c);
		return this.exchangePhase(c, drawn);
	}
	/** Value of the exchange phase at c (non-terminal), the whole component reachable. */
	exchangePhase(c, drawn) {
		const k = this.graph.componentIndex[this.graph.component[c]];
		return configCards(c) === SLOTS$1 ? this.bestFull[drawn - SLOTS$1][k] : this.bestPartial[k];
	}
	/** Value of ending the turn at c (non-terminal) with `drawn` cards drawn: the next turn's start. */
	turnStart(c, drawn) {
		const i = this.graph.dense[c];
		return configCards(c) === SLOTS$1 ? this.startFull[drawn - SLOTS$1][i] : this.startPartial[i];
	}
	*solve() {
		const g = this.graph;
		let done = 0;
		for (let n = 31; n >= SLOTS$1; n--) {
			const table = this.startFull[n - SLOTS$1];
			for (const members of g.members) {
				if (configCards(members[0]) !== SLOTS$1) continue;
				for (const c of members) table[g.dense[c]] = this.replaceValue(c, n);
				if ((done += members.length) >= SLICE) {
					done = 0;
					yield;
				}
			}
			this.fillBest(this.bestFull[n - SLOTS$1], table, SLOTS$1);
		}
		for (let k = 11; k >= 0; k--) {
			for (const members of g.members) {
				if (configCards(members[0]) !== k) continue;
				for (const c of members) this.startPartial[g.dense[c]] = this.placeValue(c, k);
				if ((done += members.length) >= SLICE) {
					done = 0;
					yield;
				}
			}
			this.fillBest(this.bestPartial, this.startPartial, k);
			yield;
		}
	}
	/** The best turn-start value of each component of configurations holding `cards` cards (by componentIndex). */
	fillBest(best, start, cards) {
		const g = this.graph;
		g.members.forEach((members, k) => {
			if (configCards(members[0]) !== cards) return;
			let b = g.scores[k] ? this.gain(this.rules.handTarget) : -Infinity;
			for (const c of members) b = Math.max(b, start[g.dense[c]]);
			best[g.componentIndex[k]] = b;
		});
	}
	/** Best replacement at full hands, n cards drawn. */
	replaceValue(c, n) {
		let best = -Infinity;
		for (let h = 0; h < 3; h++) {
			const m = configHand(c, h);
			for (let v = 1; v <= 4; v++) {
				if (MS_COUNTS[m * 4 + v - 1] === 0) continue;
				const base = removeCard$1(c, h, v);
				let sum = 0;
				for (let w = 1; w <= 4; w++) sum += this.afterCard(addCard$1(base, h, w), n + 1);
				best = Math.max(best, sum / 4);
			}
		}
		return best;
	}
	/** Best placement with k cards in the hands (k cards drawn). */
	placeValue(c, k) {
		if (this.rules.drawVisible) {
			let sum = 0;
			for (let w = 1; w <= 4; w++) {
				let best = -Infinity;
				for (let h = 0; h < 3; h++) if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.afterCard(addCard$1(c, h, w), k + 1));
				sum += best;
			}
			return sum / 4;
		}
		let best = -Infinity;
		for (let h = 0; h < 3; h++) {
			if (MS_SIZE[configHand(c, h)] === 4) continue;
			let sum = 0;
			for (let w = 1; w <= 4; w++) sum += this.afterCard(addCard$1(c, h, w), k + 1);
			best = Math.max(best, sum / 4);
		}
		return best;
	}
};
const prospectCache = /* @__PURE__ */ new Map();
/** The prospects for these rules and values, solved once per process, in slices where a caller asks for them. */
function prospectsStaged(rules, values) {
	const id = `${rules.handTarget}/${rules.check}/${rules.drawVisible}/${values.fault}/${values.bottom !== false}/${values.worth.join(",")}`;
	let p = prospectCache.get(id);
	if (!p) prospectCache.set(id, p = new Staged(Prospects.build(rules, values)));
	return p;
}
/** The solved prospects for these rules and values (computed once per process). */
const prospects = (rules, values) => prospectsStaged(rules, values).get();
// src/games/four-ten/agents/bottom.ts
/**
* Larger than any spread of values (points ≤ 48, a fault ≥ −10 × handTarget) over the smallest fault probability step
* (1/32).
*/
const SAFETY_FIRST = 1e5;
var BottomAgent = class extends FourTenBaseline {
	name = "bottom";
	/**
	* False: the bottom pays nothing, which leaves the safe greedy with the prospects as its tie-break (for
	* measurements).
	*/
	playsBottom;
	table;
	/** `options`: the env's (defaults are filled in). */
	constructor(options = {}, playsBottom = true) {
		super(options);
		this.playsBottom = playsBottom;
	}
	score(env) {
		checkPlaying(env, this.name);
		return this.scorePosition(readPosition(env), legalList(env));
	}
	/** The prospects `score` reads in this position: built in slices where a hint with a time budget asks for them. */
	tablesFor(env) {
		checkPlaying(env, this.name);
		return prospectsStaged(this.rules, this.valuesAt(readPosition(env)));
	}
	/** A fault costs a round's worth of points; safety first makes the exact price matter little. */
	valuesAt(p) {
		return cappedPoints(capFor(this.rules, this.gameTarget - p.points), this.rules.handTarget, this.playsBottom);
	}
	/** `score` for a position and its legal ids, without an env (`bottom-direct` plays turns ahead with it). */
	scorePosition(p, legal) {
		this.table = prospects(this.rules, this.valuesAt(p));
		return {
			kind: "heuristic",
			actions: bestFirst(legal.map((action) => {
				const j = this.judgeAction(p, action);
				return {
					action,
					score: j.value - SAFETY_FIRST * j.fault
				};
			}), (a) => surelyScores(this.rules, p, a))
		};
	}
	judgeAction(p, action) {
		const n = cardsDrawn(p);
		if (p.phase === "place") {
			if (p.drawn > 0) return this.certain(addCard$1(p.config, action, p.drawn), n);
			return this.drawn(p, p.config, action, n);
		}
		if (p.phase === "replace") {
			const [h, v] = replaceParts(action);
			return this.drawn(p, removeCard$1(p.config, h, v), h, n);
		}
		if (action === 47) return {
			fault: 0,
			value: this.table.turnStart(p.config, n)
		};
		const c = afterExchange(p.config, action - 15);
		if (this.table.graph.verdict[c] !== 0) return this.certain(c, n);
		const reach = exchangeReach(this.table.graph.verdict, c, p.seen);
		let value = reach.scores ? this.table.gain(this.rules.handTarget) : -Infinity;
		for (const x of reach.configs) value = Math.max(value, this.table.turnStart(x, n));
		return {
			fault: 0,
			value
		};
	}
	/** A configuration reached without a draw (a seen card placed, or an exchange), n cards drawn. */
	certain(c, n) {
		return {
			fault: this.table.graph.verdict[c] === 2 ? 1 : 0,
			value: this.table.afterCard(c, n)
		};
	}
	/** A card from the stock into hand h of `base`, n cards drawn before it. */
	drawn(p, base, h, n) {
		let fault = 0;
		let value = 0;
		for (let w = 1; w <= 4; w++) {
			const k = p.stock[w - 1];
			if (k === 0) continue;
			const c = addCard$1(base, h, w);
			if (this.table.graph.verdict[c] === 2) fault += k;
			value += k * this.table.afterCard(c, n + 1);
		}
		return {
			fault: fault / p.stockSize,
			value: value / p.stockSize
		};
	}
};
// src/games/four-ten/agents/bottom-direct.ts
const EXCHANGES = 32;
var DirectBottomAgent = class extends BottomAgent {
	name = "bottom-direct";
	score(env) {
		checkPlaying(env, this.name);
		const p = readPosition(env);
		const ranked = this.scorePosition(p, legalList(env));
		if (p.phase !== "exchange") return ranked;
		const state = fourTenOf(env).state;
		const end = this.turnEnd(p, state.seen[0]);
		const next = this.nextExchange(p, end);
		if (next === null || next === ranked.actions[0].action) return ranked;
		const first = ranked.actions.find((a) => a.action === next);
		return {
			...ranked,
			actions: [first, ...ranked.actions.filter((a) => a !== first)]
		};
	}
	/** Where `bottom`'s own walk from the turn's first configuration (`startKey`) ends the turn. */
	turnEnd(p, startKey) {
		let q = {
			...p,
			config: configOfKey(startKey),
			seen: /* @__PURE__ */ new Set([startKey])
		};
		for (;;) {
			const best = this.scorePosition(q, exchangeIds(q)).actions[0].action;
			if (best === 47) return q.config;
			const c = afterExchange(q.config, best - 15);
			if (this.table.graph.verdict[c] !== 0) return c;
			q = {
				...q,
				config: c,
				seen: new Set(q.seen).add(keyOfConfig(c))
			};
		}
	}
	/**
	* The first move of a shortest way from `p` to `end` ("end turn" when there), through
	* configurations where the round goes on and ending the turn is worth less than at `end`;
	* null when none leads there from `p`.
	*/
	nextExchange(p, end) {
		if (p.config === end) return 47;
		const verdict = this.table.graph.verdict;
		const drawn = cardsDrawn(p);
		const endValue = verdict[end] === 1 ? this.table.gain(this.rules.handTarget) : this.table.turnStart(end, drawn);
		const firstMove = /* @__PURE__ */ new Map([[p.config, -1]]);
		const queue = [p.config];
		for (let i = 0; i < queue.length; i++) {
			const x = queue[i];
			for (let e = 0; e < EXCHANGES; e++) {
				const y = afterExchange(x, e);
				if (y < 0 || firstMove.has(y) || p.seen.has(keyOfConfig(y))) continue;
				const move = x === p.config ? 15 + e : firstMove.get(x);
				if (y === end) return move;
				if (verdict[y] !== 0 || this.table.turnStart(y, drawn) >= endValue) continue;
				firstMove.set(y, move);
				queue.push(y);
			}
		}
		return null;
	}
};
/** The legal ids of an exchange-phase position: the exchanges to configurations not seen this turn, and "end turn". */
function exchangeIds(q) {
	const ids = [];
	for (let e = 0; e < EXCHANGES; e++) {
		const y = afterExchange(q.config, e);
		if (y >= 0 && !q.seen.has(keyOfConfig(y))) ids.push(15 + e);
	}
	ids.push(47);
	return ids;
}
// src/games/four-ten/agents/expectimax.ts
/**
* What `expectimax`'s values measure: the round's expected points less the fault's cost times its
* chance, as the search expects its own play to bring them (not the round's points a hint's sentence
* gives, the exact solver's play); a hundredth of a point is below what hints show, and ties there.
*/
const POINTS_LESS_FAULT_COST = {
	name: "points-less-fault-cost",
	label: "points net of fault cost, by the source's own play",
	near: .01
};
/**
* Defaults: one draw searched; a fault costs a round's worth of points (handTarget), ten rounds' worth with no safety
* left.
*/
function expectimaxDefaults(handTarget) {
	return {
		depth: 1,
		faultCost: handTarget,
		lastFaultCost: 10 * handTarget,
		bottom: true
	};
}
/** `drawInto`'s hand for a card seen before it is placed (drawVisible). */
const SEEN = -1;
var ExpectimaxAgent = class extends FourTenBaseline {
	name = "expectimax";
	settings;
	table;
	memo = /* @__PURE__ */ new Map();
	/** Leaf evaluations of the last decision (for cost measurements). */
	nodes = 0;
	/** `options`: the env's (defaults are filled in). */
	constructor(options = {}, settings = {}) {
		super(options);
		this.settings = {
			...expectimaxDefaults(this.rules.handTarget),
			...settings
		};
		if (!Number.isInteger(this.settings.depth) || this.settings.depth < 0 || this.settings.depth > 3) throw new TengymError("bad-argument", `expectimax: depth ${this.settings.depth} is not supported (0, 1, 2 or 3)`);
	}
	/** The prospects `score` reads in this position: built in slices where a hint with a time budget asks for them. */
	tablesFor(env) {
		checkPlaying(env, this.name);
		return prospectsStaged(this.rules, this.valuesFor(readPosition(env)));
	}
	score(env) {
		checkPlaying(env, this.name);
		const p = readPosition(env);
		this.table = prospects(this.rules, this.valuesFor(p));
		this.memo.clear();
		this.nodes = 0;
		const actions = legalList(env).map((action) => ({
			action,
			score: this.actionValue(p, action)
		}));
		return {
			kind: "value",
			unit: POINTS_LESS_FAULT_COST,
			actions: bestFirst(actions, (a) => surelyScores(this.rules, p, a))
		};
	}
	/** The round values for this position: points capped at those still needed. */
	valuesFor(p) {
		const need = this.gameTarget - p.points;
		const faultCost = p.safeties > 0 ? this.settings.faultCost : this.settings.lastFaultCost;
		return cappedPoints(capFor(this.rules, need), faultCost, this.settings.bottom);
	}
	actionValue(p, action) {
		const n = cardsDrawn(p);
		const d = this.settings.depth;
		if (p.phase === "place") {
			if (p.drawn > 0) return this.afterCard(addCard$1(p.config, action, p.drawn), n, p.stock, d);
			return this.drawInto(p.config, action, 0, n, p.stock, d);
		}
		if (p.phase === "replace") {
			const [h, v] = replaceParts(action);
			return this.drawInto(p.config, h, v, n, p.stock, d);
		}
		if (action === 47) return this.turnStart(p.config, n, p.stock, d);
		return this.exchangeValue(p, afterExchange(p.config, action - 15), n, d);
	}
	/**
	* An exchange of this turn to c: its check, then the best of what the turn can still reach without a seen
	* configuration.
	*/
	exchangeValue(p, c, n, d) {
		const verdict = this.table.graph.verdict[c];
		if (verdict !== 0) return this.terminal(c, verdict);
		const reach = exchangeReach(this.table.graph.verdict, c, p.seen);
		let best = reach.scores ? this.table.gain(this.rules.handTarget) : -Infinity;
		for (const x of reach.configs) best = Math.max(best, this.turnStart(x, n, p.stock, d));
		return best;
	}
	terminal(c, verdict) {
		return verdict === 1 ? this.table.gain(this.rules.handTarget) : verdict === 2 ? this.table.values.fault : this.table.bottom(c);
	}
	/**
	* A card of the stock, n cards drawn before it: into hand h (after removing a `out` from it when out > 0), or with h
	* `SEEN` seen first, then placed in the best hand.
	*/
	drawInto(c, h, out, n, stock, d) {
		const base = out > 0 ? removeCard$1(c, h, out) : c;
		let size = 0;
		let sum = 0;
		for (let w = 1; w <= 4; w++) {
			const k = stock[w - 1];
			if (k === 0) continue;
			size += k;
			stock[w - 1]--;
			const value = h === SEEN ? this.bestPlacement(c, w, n + 1, stock, d) : this.afterCard(addCard$1(base, h, w), n + 1, stock, d);
			sum += k * value;
			stock[w - 1]++;
		}
		return sum / size;
	}
	/** Configuration c right after a card, n cards drawn: check, bottom, or the turn's exchanges. */
	afterCard(c, n, stock, d) {
		const verdict = this.table.graph.verdict[c];
		if (verdict !== 0) return this.terminal(c, verdict);
		if (n === 32) return this.terminal(c, 0);
		if (d === 0) {
			this.nodes++;
			return this.table.exchangePhase(c, n);
		}
		const g = this.table.graph;
		const k = g.component[c];
		let best = g.scores[k] ? this.table.gain(this.rules.handTarget) : -Infinity;
		for (const m of g.members[k]) best = Math.max(best, this.turnStart(m, n, stock, d));
		return best;
	}
	/** Ending the turn at c (non-terminal), n cards drawn: the next turn, searched `d` draws deep. */
	turnStart(c, n, stock, d) {
		if (d === 0) {
			this.nodes++;
			return this.table.turnStart(c, n);
		}
		const key = (c * STOCK_CODES + stockCode(stock)) * 4 + d;
		const cached = this.memo.get(key);
		if (cached !== void 0) return cached;
		let best = -Infinity;
		if (configCards(c) === 12) for (let h = 0; h < 3; h++) {
			const m = configHand(c, h);
			for (let v = 1; v <= 4; v++) if (MS_COUNTS[m * 4 + v - 1] > 0) best = Math.max(best, this.drawInto(c, h, v, n, stock, d - 1));
		}
		else if (this.rules.drawVisible) best = this.drawInto(c, SEEN, 0, n, stock, d - 1);
		else for (let h = 0; h < 3; h++) if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.drawInto(c, h, 0, n, stock, d - 1));
		this.memo.set(key, best);
		return best;
	}
	/** A seen card of value w placed in the best hand of c, n cards drawn with it. */
	bestPlacement(c, w, n, stock, d) {
		let best = -Infinity;
		for (let h = 0; h < 3; h++) if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.afterCard(addCard$1(c, h, w), n, stock, d));
		return best;
	}
};
// src/games/four-ten/agents/greedy.ts
/** Risk of putting an unseen card into hand h of configuration c (after removing `out` from it when out > 0). */
function drawRisk(rules, p, c, h, out = 0) {
	const base = out > 0 ? removeCard$1(c, h, out) : c;
	let fault = 0;
	let score = 0;
	for (let w = 1; w <= 4; w++) {
		if (p.stock[w - 1] === 0) continue;
		const verdict = judgeConfig(addCard$1(base, h, w), rules);
		if (verdict === 2) fault += p.stock[w - 1];
		else if (verdict === 1) score += p.stock[w - 1];
	}
	return {
		fault: fault / p.stockSize,
		score: score / p.stockSize
	};
}
/**
* Ties between safe placements: Home, then Hand, then Shadow. Home is the ceiling of Hand, so
* raising it first leaves Hand the most room (measured: the other five orders win 89–97% of
* games against this order's 99%, on 4,000 seeded deals).
*/
const PLACE_PREFERENCE = [
	1,
	0,
	2
];
/** The greedy's ranking of a move with risk r; `preference` breaks ties (smaller is better). */
function rank(r, preference) {
	return r.score === 1 ? 100 : -100 * r.fault + r.score - preference * 1e-4;
}
var GreedyAgent$1 = class extends FourTenBaseline {
	name = "greedy";
	score(env) {
		checkPlaying(env, this.name);
		const p = readPosition(env);
		return {
			kind: "heuristic",
			actions: bestFirst(legalList(env).map((action) => ({
				action,
				score: this.rankAction(p, action)
			})))
		};
	}
	rankAction(p, action) {
		if (p.phase === "place") return rank(this.placeRisk(p, action), PLACE_PREFERENCE[action]);
		if (p.phase === "replace") {
			const [h, v] = replaceParts(action);
			return rank(drawRisk(this.rules, p, p.config, h, v), action);
		}
		if (action === 47) return 0;
		const verdict = judgeConfig(afterExchange(p.config, action - 15), this.rules);
		return verdict === 1 ? 100 : verdict === 2 ? -100 : -1;
	}
	/** Placing into hand h: a known card (drawVisible) gives a certain verdict. */
	placeRisk(p, h) {
		if (p.drawn === 0) return drawRisk(this.rules, p, p.config, h);
		const verdict = judgeConfig(addCard$1(p.config, h, p.drawn), this.rules);
		return {
			fault: verdict === 2 ? 1 : 0,
			score: verdict === 1 ? 1 : 0
		};
	}
};
// src/games/four-ten/agents/hint-details.ts
/** "31%"; "0.4%", "0.06%" or "under 0.01%" below 1% and above 0; "over 99%" for 99.5% … 100% excluded. */
function percent(p) {
	const x = 100 * p;
	if (x > 0 && x < .01) return "under 0.01%";
	if (x > 0 && x < 1) return `${x < .1 ? x.toFixed(2) : x.toFixed(1)}%`;
	if (x >= 99.5 && x < 100) return "over 99%";
	return `${Math.round(x)}%`;
}
/**
* The round's prospects after a Four Ten move, with the rest of the round played by the
* solver's policy: "75% chance the Hand makes 10, 25% chance of the 28-point bottom, 0.06%
* risk of a fault (14.5 points expected this round, the rest played by the solver)". The
* sentence says whose play its points assume: the source ranking the moves may score them by
* its own (`expectimax`'s 'points-less-fault-cost'), another figure.
*/
function fourTenProspects(d, handTarget) {
	if (d.fault > .9995) return "ends the round in a fault";
	if (d.score > .9995) return `the Hand makes ${handTarget} this round for certain, ${handTarget} points (the rest played by the solver)`;
	const parts = [];
	if (d.score >= 5e-4) parts.push(`${percent(d.score)} chance the Hand makes ${handTarget}`);
	if (d.bottom >= 5e-4 && Number.isFinite(d.bottomPoints)) parts.push(`${percent(d.bottom)} chance of the ${Math.round(d.bottomPoints)}-point bottom`);
	parts.push(d.fault < 1e-12 ? "no risk of a fault" : `${percent(d.fault)} risk of a fault`);
	return `${parts.join(", ")} (${d.points.toFixed(1)} points expected this round, the rest played by the solver)`;
}
/** What the sentences' figures assume of the rest of the round. */
function detailsObjective(rules, agent) {
	return agent instanceof OptimalFourTenAgent && hasShippedGameValues(rules) ? "game" : { lambda: SENTENCE_LAMBDA };
}
/** The sentences' round, where the exact solver does not rank: solved for points − 40·P(fault). */
const SENTENCE_LAMBDA = 40;
/**
* The tables a Four Ten hint builds the first time, as slices (`GameKit.hintWork`): `bottom`'s, `bottom-direct`'s or
* `expectimax`'s prospects for the points still needed, `optimal`'s round for the points and safeties, and the round
* the sentences' figures come from (`optimal`'s own, with its figures, where it ranks). A trained model's features
* build in one go.
*/
function fourTenHintWork(env, agent, details) {
	const work = [];
	if (agent instanceof BottomAgent || agent instanceof ExpectimaxAgent) work.push(agent.tablesFor(env));
	if (details || agent instanceof OptimalFourTenAgent) try {
		const rules = gameRulesOf(env.options);
		const objective = detailsObjective(rules, agent);
		if (agent instanceof OptimalFourTenAgent) work.push(agent.tablesFor(env, objective === "game"));
		if (details && objective !== "game") work.push(lambdaRoundStaged(rules, objective.lambda));
	} catch (e) {
		if (!(e instanceof TengymError)) throw e;
	}
	const left = work.filter((w) => !w.done);
	return left.length === 0 ? null : (function* () {
		for (const w of left) yield* w.steps();
	})();
}
/**
* The round's prospects after each Four Ten move. With `optimal` ranking, from the same game
* solution it ranks with (one round solve per (points, safeties), which it needs anyway);
* otherwise from one round solved for points − 40·P(fault), once per rules, so that a model's
* hints stay fast.
*/
function fourTenHintDetails(env, agent) {
	const rules = gameRulesOf(env.options);
	const objective = detailsObjective(rules, agent);
	try {
		const details = new Map(fourTenActionDetails(env, objective).actions.map((d) => [d.action, fourTenProspects(d, rules.handTarget)]));
		const endTurn = [...details.keys()].find((a) => env.moveKind(a) === "end-turn");
		const ending = endTurn === void 0 ? void 0 : details.get(endTurn);
		for (const [action, text] of details) if (action !== endTurn && text === ending && env.moveKind(action) === "exchange") details.set(action, `the same prospects as ending the turn now: ${text}`);
		return details;
	} catch (e) {
		if (e instanceof TengymError) return null;
		throw e;
	}
}
// src/games/four-ten/kit.ts
/**
* The Four Ten baselines (engine `four-ten`): `greedy` (one-step safe rule), `bottom` (the same
* safety, with the solved round prospects deciding between 10 now and the bottom of the deck),
* `bottom-direct` (`bottom`'s game in fewer exchanges) and `expectimax` (search over the stock's
* composition with those prospects as the leaf). All four are fair (they read the stock's value
* counts, never its order) and deterministic.
*/
const FOUR_TEN = [fourTenGame];
/** The default game's options, the reward aside (it changes what an episode returns, not the play). */
const rulesKey = (options) => {
	const { reward: _reward, ...rules } = fourTenOptionsSchema.parse(options);
	return JSON.stringify(rules);
};
const DEFAULT_RULES = rulesKey({});
/** Whether `options` play the default game: where `bottom-direct` was measured. */
function hasDefaultRules(options) {
	return rulesKey(options) === DEFAULT_RULES;
}
/**
* Four Ten: its baselines and the exact solver; hints ranked, for the default rules, by
* `bottom-direct` (the same rounds as `bottom` on every deal, in fewer exchanges than the
* shipped model's hints: docs/hints.md), else by the exact `optimal` for rules whose game
* values ship (other rules would first solve the game for about 20 minutes), else by
* `expectimax`, each sentence with the round's prospects; while their tables build (a hinter with a time
* budget), `greedy`'s at once; training presets for its decision
* nearly every step and games of dozens of them: fewer copies, longer rollouts, a wider net for
* its small observation, points scaled to ~1 per round, and more entropy (with 0.01 the policy
* collapses in 100k steps); afterstate values with about 20 positions to value per step.
*/
const FOUR_TEN_KIT = {
	agents: [...[
		{
			name: "greedy",
			description: "safe greedy: Hand = 10 when it can, else the least fault probability (Home, Hand, Shadow on ties); no setup exchanges",
			fair: true,
			games: FOUR_TEN,
			create: (env) => new GreedyAgent$1(env.options)
		},
		{
			name: "bottom",
			description: "greedy's safety first, then the best solved round prospects: turns down 10 now for a likely bigger bottom-of-deck score",
			fair: true,
			games: FOUR_TEN,
			create: (env) => new BottomAgent(env.options)
		},
		{
			name: "bottom-direct",
			description: "bottom's game with each turn's exchanges taken by the shortest way: the same rounds as bottom on every deal, fewer exchanges",
			fair: true,
			games: FOUR_TEN,
			create: (env) => new DirectBottomAgent(env.options)
		},
		{
			name: "expectimax",
			description: "expectimax over the stock composition (this turn and the next draw), solved round prospects at the leaves; values: the round's points less a fault's cost",
			fair: true,
			games: FOUR_TEN,
			create: (env) => new ExpectimaxAgent(env.options)
		}
	], ...OPTIMAL_AGENTS],
	simpleBaseline: "greedy",
	searches: ["expectimax"],
	hintBaseline: (env, baseline) => {
		if (hasDefaultRules(env.options)) return {
			...baseline("bottom-direct", "safety first, then the best round prospects, by the fewest exchanges"),
			overModel: `never more rounds than bottom, unlike the trained model in models/${env.id}/`
		};
		if (hasShippedGameValues(gameRulesOf(env.options))) try {
			return baseline("optimal", "exact solver");
		} catch (e) {
			if (!(e instanceof TengymError)) throw e;
		}
		return baseline("expectimax", "a search over the next cards' chances");
	},
	hintDetails: fourTenHintDetails,
	hintWork: fourTenHintWork,
	quickHints: "greedy",
	presets: {
		ppo: () => ({
			totalSteps: 2e6,
			numEnvs: 16,
			rolloutSteps: 128,
			minibatchSize: 512,
			hidden: [128, 128],
			learningRate: 3e-4,
			gamma: .99,
			entropyCoef: .05,
			rewardScale: .1,
			evalEvery: 25e4,
			evalEpisodes: 1e3
		}),
		dqn: () => ({
			totalSteps: 2e6,
			hidden: [128, 128],
			bufferSize: 1e5,
			rewardScale: .1,
			evalEvery: 25e4,
			evalEpisodes: 1e3
		}),
		afterstate: () => ({
			totalSteps: 5e6,
			evalEvery: 5e5,
			evalEpisodes: 1e3,
			epsilonStart: .1,
			epsilonEnd: .01,
			epsilonFraction: .3,
			costLossWeight: 100
		})
	}
};
// src/games/four-ten/tie-break.ts
/** Whether exchange `action` ends the round: the check after it scores or faults. */
function exchangeEndsRound(env, action) {
	const four = fourTenOf(env);
	if (!four) return false;
	const key = exchangedKey(four.state.key, action - 15);
	return key >= 0 && judgeConfig(configOfKey(key), four.options) !== 0;
}
/** 1 for an exchange that keeps the turn open, 0 for any other move. */
function fourTenEffort(env, action) {
	return action >= 15 && action < 47 && !exchangeEndsRound(env, action) ? 1 : 0;
}
registerModule({
	game: fourTenGame,
	ids: [{
		id: "four-ten",
		title: "Four Ten",
		description: "Four Ten (rules by Jeremiah Sanders, CC BY-NC-SA 4.0): build Hand to 10 between Home and Shadow, 50 points wins"
	}],
	kit: {
		...FOUR_TEN_KIT,
		/** Among equal moves, the one that ends the turn soonest is shown first. */
		effort: fourTenEffort
	}
}, { shipped: true });
// src/env/layouts/piles-json.ts
/**
* The piles layout's state as JSON (piles.ts has the layout): `{ piles: each pile bottom first, slots,
* stock, removed }` (slots and stock only where the layout has them), its parsing and loading, and the
* checks that a state could come from play. Messages say "bad piles state".
*/
function toJSON$1(s) {
	const r = s.rules;
	const placed = new Uint8Array(r.deck.holds.length);
	const code = (c) => {
		placed[c] = 1;
		return cardCode(c);
	};
	const json = {
		piles: Array.from(s.heights, (h, p) => Array.from(s.cards.subarray(p * r.height, p * r.height + h), code)),
		removed: []
	};
	if (r.slots > 0) json.slots = Array.from(s.slots, (c) => c === 255 ? null : code(c));
	if (r.stockSize > 0) json.stock = Array.from(s.stock.subarray(s.stockAt), code);
	json.removed = Array.from(r.deck.cards).filter((c) => !placed[c]).map(cardCode);
	return json;
}
const jsonSchemas$1 = /* @__PURE__ */ new Map();
function jsonSchema$1(r) {
	let schema = jsonSchemas$1.get(r);
	if (!schema) {
		schema = /* @__PURE__ */ strictObject$1({
			piles: pileRowJson(r),
			...r.slots > 0 ? { slots: (/* @__PURE__ */ array$1(/* @__PURE__ */ nullable$1(/* @__PURE__ */ string$1()))).check(/* @__PURE__ */ _length(r.slots)) } : {},
			...r.stockSize > 0 ? { stock: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(r.stockSize)) } : {},
			removed: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(r.deck.size))
		});
		jsonSchemas$1.set(r, schema);
	}
	return schema;
}
const bad = (message) => badState$1(message, "piles");
function fromJSON$1(json, s) {
	const r = s.rules;
	const parsed = jsonSchema$1(r).safeParse(json);
	if (!parsed.success) {
		const more = `${r.slots > 0 ? `, slots: ${r.slots} card codes or null` : ""}${r.stockSize > 0 ? ", stock: [...]" : ""}`;
		throw bad(`${formatZodError(parsed.error)} (expected { piles: ${r.pileCount} lists of card codes, bottom first${more}, removed: [...] })`);
	}
	const j = parsed.data;
	const fields = {};
	j.piles.forEach((pile, p) => {
		fields[`piles[${p}]`] = pile;
	});
	fields.slots = j.slots ?? [];
	fields.stock = j.stock ?? [];
	fields.removed = j.removed;
	const lists = parseCardLists(fields, 255, bad, r.deck.holds);
	loadPileRow(r, s, j.piles.map((_, p) => lists[`piles[${p}]`]));
	s.slots.set(lists.slots);
	s.stock.set(lists.stock, r.stockSize - lists.stock.length);
	s.stockAt = r.stockSize - lists.stock.length;
	s.removed = lists.removed.length;
	s.status = 0;
	s.legalCount = 0;
	s.obsOut = null;
	const problem = checkState$1(s);
	if (problem) throw bad(problem);
}
/**
* A row of piles' problem, or null: no pile above its deal (`grows`: above its room, where deals add cards), no
* card above a top; `place` checks each card (in one place, of the deck) and says what is wrong with it.
*/
function checkPileRow(r, row, place, grows = false) {
	for (let p = 0; p < r.pileCount; p++) {
		const h = row.heights[p];
		if (grows && h > r.height) return `pile ${p + 1} holds ${h} cards, more than the deals give it`;
		if (!grows && h > r.piles[p]) return `pile ${p + 1} holds ${h} cards, more than the ${r.piles[p]} dealt to it`;
		for (let k = 0; k < r.height; k++) {
			const c = row.cards[p * r.height + k];
			if (k >= h) {
				if (c !== 255) return `pile ${p + 1} holds a card above its top`;
				continue;
			}
			const problem = place(c, `pile ${p + 1}`);
			if (problem) return problem;
		}
	}
	return null;
}
/** The piles' field of a state's JSON: each pile's cards bottom first, at most its room. */
const pileRowJson = (r) => (/* @__PURE__ */ array$1((/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(r.height)))).check(/* @__PURE__ */ _length(r.pileCount));
/** Loads a row of piles from its cards, parsed pile by pile (`piles[p]`, bottom first). */
function loadPileRow(r, row, piles) {
	row.cards.fill(255);
	for (let p = 0; p < r.pileCount; p++) {
		row.cards.set(piles[p], p * r.height);
		row.heights[p] = piles[p].length;
	}
}
/**
* Every card in one place, no pile above its deal, no slot empty beside a stock that refills it (none filled
* before a dealt stock's deal that fills them), the removed cards in pairs.
*/
function checkState$1(s) {
	const r = s.rules;
	const seen = new Uint8Array(r.deck.holds.length);
	const left = /* @__PURE__ */ new Uint8Array(13);
	const place = (c, where) => {
		if (c >= seen.length || !r.deck.holds[c]) return `${where} holds ${c}, not a card of this deck`;
		if (seen[c]) return `card ${cardCode(c)} is in two places`;
		seen[c] = 1;
		left[c >> 2]++;
		return null;
	};
	let count = 0;
	const problem = checkPileRow(r, s, (c, where) => {
		count++;
		return place(c, where);
	}, Boolean(r.dealtStock));
	if (problem) return problem;
	if (!Number.isInteger(s.stockAt) || s.stockAt < 0 || s.stockAt > r.stockSize) return `the stock's top is at ${s.stockAt}, outside 0..${r.stockSize}`;
	for (let k = 0; k < r.slots; k++) {
		if (r.dealtStock && s.slots[k] !== 255 && r.stockSize - s.stockAt >= r.dealtStock.slotsAt) return `slot ${k + 1} holds a card before the deal that fills the slots`;
		if (s.slots[k] === 255) {
			if (s.stockAt < r.slotStockEnd) return `slot ${k + 1} is empty while the stock holds cards: slots refill at once`;
			continue;
		}
		const problem = place(s.slots[k], `slot ${k + 1}`);
		if (problem) return problem;
		count++;
	}
	for (let k = s.stockAt; k < r.stockSize; k++) {
		const problem = place(s.stock[k], `stock position ${k}`);
		if (problem) return problem;
		count++;
	}
	if (s.removed !== r.deck.size - count) return `removed is ${s.removed}, the piles, slots and stock leave ${r.deck.size - count}`;
	for (let rank = 0; rank < 13; rank++) {
		const partners = r.partners[rank];
		if (!r.deck.holds[4 * rank] || partners === 0 || (partners & partners - 1) !== 0) continue;
		const other = 31 - Math.clz32(partners);
		const gone = 4 - left[rank];
		if (other === rank && gone % 2 === 1) return `${gone} ${RANK_WORDS[rank]} are removed; they go in pairs`;
		if (other !== rank && r.partners[other] === 1 << rank && gone !== 4 - left[other]) return `${gone} ${RANK_WORDS[rank]} but ${4 - left[other]} ${RANK_WORDS[other]} are removed; they go in pairs`;
	}
	return null;
}
/** The pair id of places i < j among `places`: lexicographic order. */
function placePairId(places, i, j) {
	return i * places - i * (i + 1) / 2 + (j - i - 1);
}
/** The slot of row r, card c. */
const slotOf = (row, column) => row * (row + 1) / 2 + column;
const shapes = /* @__PURE__ */ new Map();
/**
* The shape of a triangle of `rows` rows (1 … MAX_ROWS) beside piles dealt `piles[p]` cards each, built once per
* row count and piles. The cards left after them are the stock: with none, there are no waste and stock places.
*/
function triangleShape(rows, piles = []) {
	const shapeKey = `${rows}/${piles.join(",")}`;
	const cached = shapes.get(shapeKey);
	if (cached) return cached;
	if (!Number.isInteger(rows) || rows < 1 || rows > 7) throw new RangeError(`rows must be 1..7`);
	const slots = slotOf(rows, 0);
	const talonSize = 52 - slots - piles.reduce((sum, n) => sum + n, 0);
	if (talonSize < 0) throw new RangeError(`the triangle and piles take ${52 - talonSize} cards of 52`);
	const talonPlaces = talonSize > 0 ? 2 : 0;
	const pileBase = slots + talonPlaces;
	const places = pileBase + piles.length;
	const pairIds = places * (places - 1) / 2;
	const pairFirst = new Uint8Array(pairIds);
	const pairSecond = new Uint8Array(pairIds);
	for (let i = 0; i < places; i++) for (let j = i + 1; j < places; j++) {
		pairFirst[placePairId(places, i, j)] = i;
		pairSecond[placePairId(places, i, j)] = j;
	}
	const rowOf = new Uint8Array(slots);
	const columnOf = new Uint8Array(slots);
	const coverLeft = new Int8Array(slots).fill(-1);
	const coverRight = new Int8Array(slots).fill(-1);
	const coverMask = new Int32Array(slots);
	for (let r = 0, i = 0; r < rows; r++) for (let c = 0; c <= r; c++, i++) {
		rowOf[i] = r;
		columnOf[i] = c;
		if (r + 1 < rows) {
			coverLeft[i] = i + r + 1;
			coverRight[i] = i + r + 2;
			coverMask[i] = 1 << i + r + 1 | 1 << i + r + 2;
		}
	}
	const shape = {
		rows,
		slots,
		talonSize,
		waste: talonPlaces ? slots : -1,
		stock: talonPlaces ? slots + 1 : -1,
		pileBase,
		pileCount: piles.length,
		places,
		pairIds,
		singleBase: pairIds,
		draw: pairIds + places,
		recycle: pairIds + places + 1,
		numActions: pairIds + places + talonPlaces,
		pairFirst,
		pairSecond,
		rowOf,
		columnOf,
		coverLeft,
		coverRight,
		coverMask,
		full: slots === 32 ? -1 : (1 << slots) - 1
	};
	shapes.set(shapeKey, shape);
	return shape;
}
/**
* The slots of `present` that no card covers, as bits, row by row: a slot is covered while either card of the row
* below that overlaps it is there (slot c of row r under slots c and c + 1 of row r + 1).
*/
function freeSlots$1(present, rows) {
	let covered = 0;
	for (let row = 0, start = 0; row + 1 < rows; start += row + 1, row++) {
		const below = present >>> start + row + 1 & (1 << row + 2) - 1;
		covered |= ((below | below >>> 1) & (1 << row + 1) - 1) << start;
	}
	return present & ~covered;
}
// src/env/layouts/piles.ts
/**
* The piles layout: places that hold several cards, of which only the top one is available, beside
* optional one-card slots refilled at once from a stock. The cards under a pile's top lie face up (an
* open deal) or face down, the new top turning face up when the one above it leaves. Removals: two
* available cards whose ranks pair (a sum, the same rank, or pairs named one by one), and ranks removed
* alone. Its words and board are in `piles-text.ts`, its JSON and checks in `piles-json.ts`, and
* `piles-game.ts` joins them into a `Game`.
*
* The deal takes the deck in order: pile 0 bottom card first to its top, then pile 1 and so on, then
* the slots, then the stock, its top first. Places, which removals name: the piles, then the slots.
* Action ids: one per unordered pair of places (lexicographic), then, when some rank goes alone, one
* single per place. Two optional pieces, each a flag compiled once per spec, add ids after those:
*
* - a dealt stock (`dealtStock`): the slots start empty and are never refilled at once; one "deal" id
*   puts the stock's next card on each pile, and also fills the slots when the stock holds `slotsAt` cards;
* - moves into an empty pile (`moveToEmpty`): one id per place moves its card to the lowest empty pile.
*
* The hot path (legalActions, step, status, observe) allocates nothing.
*/
/** The shape of a row of piles dealt `piles[p]` cards each. */
function pileRowShape(piles, hidden) {
	const pileStart = [];
	let dealt = 0;
	for (const n of piles) {
		pileStart.push(dealt);
		dealt += n;
	}
	return {
		piles,
		pileCount: piles.length,
		height: piles.length ? Math.max(...piles) : 0,
		pileStart,
		hidden
	};
}
/** Deals a row of piles from `deck[from…]`, pile 0 bottom card first; copied card by card, allocating nothing. */
function dealPileRow(r, row, deck, from) {
	row.cards.fill(255);
	for (let p = 0; p < r.pileCount; p++) {
		for (let k = 0; k < r.piles[p]; k++) row.cards[p * r.height + k] = deck[from + r.pileStart[p] + k];
		row.heights[p] = r.piles[p];
	}
}
/**
* A row of piles in an observation: (p · height + d) · 13 + rank from `at` is pile p's card d from its top, face up
* (only the top where the row is hidden: the cards below count at `unseenAt` + rank, / 4); `heightsAt` + p its
* height / room.
*/
function observePileRow(r, row, out, at, heightsAt, unseenAt) {
	for (let p = 0; p < r.pileCount; p++) {
		const h = row.heights[p];
		for (let d = 0; d < h; d++) {
			const rank = row.cards[p * r.height + h - 1 - d] >> 2;
			if (d === 0 || !r.hidden) out[at + (p * r.height + d) * 13 + rank] = 1;
			else out[unseenAt + rank] += .25;
		}
		out[heightsAt + p] = h / r.height;
	}
}
const rulesCache$1 = /* @__PURE__ */ new Map();
/** The spec's shape and lookups, built once per distinct spec. */
function compilePilesRules(p) {
	const key = JSON.stringify(p);
	let rules = rulesCache$1.get(key);
	if (!rules) {
		rules = buildRules(p);
		rulesCache$1.set(key, rules);
	}
	return rules;
}
function buildRules(p) {
	const deck = rankDeck(p.ranks);
	const row = pileRowShape(p.piles, p.hidden);
	const { pileCount } = row;
	const dealt = p.piles.reduce((sum, n) => sum + n, 0);
	const dealtSlots = p.dealtStock ? 0 : p.slots;
	if (dealt + p.slots > deck.size) throw new RangeError(`the piles and slots take ${dealt + p.slots} cards of ${deck.size}`);
	const stockSize = deck.size - dealt - dealtSlots;
	const height = Math.max(...p.piles) + (p.dealtStock ? dealsOf(stockSize, pileCount, p.slots, p.dealtStock.slotsAt) : 0);
	const places = pileCount + p.slots;
	const pairIds = places * (places - 1) / 2;
	const pairFirst = new Uint8Array(pairIds);
	const pairSecond = new Uint8Array(pairIds);
	for (let i = 0; i < places; i++) for (let j = i + 1; j < places; j++) {
		pairFirst[placePairId(places, i, j)] = i;
		pairSecond[placePairId(places, i, j)] = j;
	}
	const partners = /* @__PURE__ */ new Uint16Array(13);
	const link = (a, b) => {
		partners[a] |= 1 << b;
		partners[b] |= 1 << a;
	};
	for (let a = 0; a < 13; a++) {
		if (p.sameRank) link(a, a);
		const b = (p.pairSum ?? 0) - 2 - a;
		if (p.pairSum !== null && b >= 0 && b < 13) link(a, b);
	}
	for (const [a, b] of p.alsoPairs ?? []) link(a, b);
	const singleMask = p.singles.reduce((bits, r) => bits | 1 << r, 0);
	for (let r = 0; r < 13; r++) if (singleMask >>> r & 1) partners[r] = 0;
	const obsSlots = pileCount * height * 13;
	const obsHeights = obsSlots + p.slots * 13;
	const obsUnseen = obsHeights + pileCount;
	const extraBase = pairIds + (p.singles.length > 0 ? places : 0);
	const dealIds = p.dealtStock ? 1 : 0;
	return {
		...p,
		...row,
		height,
		deck,
		slotBase: pileCount,
		stockSize,
		places,
		pairIds,
		singleBase: pairIds,
		extraBase,
		dealId: p.dealtStock ? extraBase : -1,
		moveBase: p.moveToEmpty ? extraBase + dealIds : -1,
		slotStockEnd: p.dealtStock ? 0 : stockSize,
		numActions: extraBase + dealIds + (p.moveToEmpty ? places : 0),
		pairFirst,
		pairSecond,
		partners,
		singleMask,
		observationSize: obsUnseen + 14,
		obsSlots,
		obsHeights,
		obsUnseen,
		obsStock: obsUnseen + 13
	};
}
/** The deals a dealt stock of `stock` cards takes: one card a pile, the piles and slots at `slotsAt` cards. */
function dealsOf(stock, piles, slots, slotsAt) {
	let deals = 0;
	for (let left = stock; left > 0; deals++) left -= Math.min(left, left === slotsAt ? piles + slots : piles);
	return deals;
}
function createState$1(rules) {
	return {
		rules,
		cards: new Uint8Array(rules.pileCount * rules.height).fill(255),
		heights: new Uint8Array(rules.pileCount),
		slots: new Uint8Array(rules.slots).fill(255),
		stock: new Uint8Array(rules.stockSize),
		stockAt: 0,
		removed: 0,
		status: 0,
		legalCount: 0,
		placeRank: new Int8Array(rules.places).fill(-1),
		placesOfRank: /* @__PURE__ */ new Uint32Array(13),
		obsOut: null,
		obsHeights: new Uint8Array(rules.pileCount),
		obsStockAt: 0,
		deal: new Uint8Array(rules.deck.size)
	};
}
const COPIED = [
	"cards",
	"heights",
	"slots",
	"stock"
];
function copyState$1(src, dst) {
	for (const field of COPIED) dst[field].set(src[field]);
	dst.stockAt = src.stockAt;
	dst.removed = src.removed;
	dst.status = src.status;
	dst.legalCount = src.legalCount;
	dst.obsOut = null;
}
/** The first position of pile p's cards (deck[from, from + n)) whose rank came before in the pile, else -1. */
function repeatedRank(deck, from, n) {
	let seen = 0;
	for (let k = from; k < from + n; k++) {
		const bit = 1 << (deck[k] >> 2);
		if (seen & bit) return k;
		seen |= bit;
	}
	return -1;
}
/** PySolFC's Nestor `_shuffleHook` (montecarlo.py:741): a repeat in a pile is swapped with a random later card. */
function spreadRanks(r, rng, deck) {
	for (let p = 0; p < r.pileCount; p++) {
		const end = r.pileStart[p] + r.piles[p];
		for (let tries = 0; tries < 1e3 && end < deck.length; tries++) {
			const j = repeatedRank(deck, r.pileStart[p], r.piles[p]);
			if (j < 0) break;
			const k = randomInt(rng, end, deck.length - 1);
			const card = deck[j];
			deck[j] = deck[k];
			deck[k] = card;
		}
	}
}
/** The pile a deal order breaks `distinctRanks` in, or -1. */
function pileWithRepeat(r, deck) {
	for (let p = 0; p < r.pileCount; p++) if (repeatedRank(deck, r.pileStart[p], r.piles[p]) >= 0) return p;
	return -1;
}
function resetState$1(s, rng, deck) {
	const r = s.rules;
	const d = s.deal;
	d.set(deck ?? r.deck.cards);
	if (!deck) {
		shuffleInPlace(rng, d);
		if (r.distinctRanks) spreadRanks(r, rng, d);
	}
	dealPileRow(r, s, d, 0);
	const dealt = d.length - r.stockSize;
	if (r.dealtStock) s.slots.fill(255);
	else for (let k = 0; k < r.slots; k++) s.slots[k] = d[dealt - r.slots + k];
	for (let k = 0; k < r.stockSize; k++) s.stock[k] = d[dealt + k];
	s.stockAt = 0;
	s.removed = 0;
	s.status = 0;
	s.legalCount = 0;
	s.obsOut = null;
}
/** The card at a place (a pile's top, a slot's card), EMPTY for none. */
function placeCard$1(s, place) {
	const r = s.rules;
	if (place >= r.slotBase) return s.slots[place - r.slotBase];
	const h = s.heights[place];
	return h === 0 ? 255 : s.cards[place * r.height + h - 1];
}
const isWon$1 = (s) => s.removed === s.rules.deck.size;
/** The result of the game so far: won, and the cards not removed. */
function outcome$1(s) {
	return {
		won: isWon$1(s),
		cardsLeft: s.rules.deck.size - s.removed
	};
}
/** The game's `legalActions` (the options are the state's rules). */
function legalActions$1(s, _o, mask, legal) {
	const r = s.rules;
	mask.fill(0);
	const rank = s.placeRank;
	const placesOf = s.placesOfRank;
	placesOf.fill(0);
	const places = r.places;
	for (let i = 0; i < r.pileCount; i++) {
		const h = s.heights[i];
		const ri = h === 0 ? -1 : s.cards[i * r.height + h - 1] >> 2;
		rank[i] = ri;
		if (ri >= 0) placesOf[ri] |= 1 << i;
	}
	for (let k = 0; k < r.slots; k++) {
		const ri = s.slots[k] === 255 ? -1 : s.slots[k] >> 2;
		rank[r.slotBase + k] = ri;
		if (ri >= 0) placesOf[ri] |= 1 << r.slotBase + k;
	}
	let n = 0;
	for (let i = 0; i < places - 1; i++) {
		const ri = rank[i];
		if (ri < 0) continue;
		let partnerRanks = r.partners[ri];
		if (partnerRanks === 0) continue;
		let later = 0;
		while (partnerRanks !== 0) {
			const q = 31 - Math.clz32(partnerRanks);
			partnerRanks ^= 1 << q;
			later |= placesOf[q];
		}
		later &= ~((2 << i) - 1);
		const base = i * places - i * (i + 1) / 2 - i - 1;
		while (later !== 0) {
			const low = later & -later;
			later ^= low;
			const id = base + 31 - Math.clz32(low);
			mask[id] = 1;
			legal[n++] = id;
		}
	}
	if (r.singleMask !== 0) {
		for (let p = 0; p < places; p++) if (rank[p] >= 0 && r.singleMask >>> rank[p] & 1) {
			mask[r.singleBase + p] = 1;
			legal[n++] = r.singleBase + p;
		}
	}
	if (r.extraBase !== r.numActions) n = legalExtras(s, mask, legal, n);
	s.legalCount = n;
	s.status = n === 0 ? 1 : 0;
	return n;
}
/** The lowest empty pile, or -1. */
function emptyPile(s) {
	for (let p = 0; p < s.rules.pileCount; p++) if (s.heights[p] === 0) return p;
	return -1;
}
/**
* Whether the card at `place` may move into an empty pile: some pile is empty, and the card is not a pile's
* only one (moving that one would change nothing but its pile's place, and could go back and forth for ever).
*/
function canMoveToEmpty(s, place) {
	const r = s.rules;
	if (emptyPile(s) < 0) return false;
	return place < r.slotBase ? s.heights[place] > 1 : s.slots[place - r.slotBase] !== 255;
}
/** The legal deal and moves, after the removals' n ids. */
function legalExtras(s, mask, legal, n) {
	const r = s.rules;
	if (r.dealId >= 0 && s.stockAt < r.stockSize) {
		mask[r.dealId] = 1;
		legal[n++] = r.dealId;
	}
	if (r.moveBase >= 0) {
		for (let p = 0; p < r.places; p++) if (canMoveToEmpty(s, p)) {
			mask[r.moveBase + p] = 1;
			legal[n++] = r.moveBase + p;
		}
	}
	return n;
}
function status$1(s) {
	return s.status;
}
/** Takes the card at `place`; an emptied slot is refilled from the stock at once. */
function take(s, place) {
	const r = s.rules;
	s.removed++;
	if (place < r.slotBase) {
		const h = --s.heights[place];
		s.cards[place * r.height + h] = 255;
		return;
	}
	s.slots[place - r.slotBase] = s.stockAt < r.slotStockEnd ? s.stock[s.stockAt++] : 255;
}
/** Deals the stock's next card onto each pile, and onto each slot when the stock holds `slotsAt` cards. */
function deal(s) {
	const r = s.rules;
	const toSlots = r.stockSize - s.stockAt === r.dealtStock.slotsAt;
	for (let p = 0; p < r.pileCount && s.stockAt < r.stockSize; p++) s.cards[p * r.height + s.heights[p]++] = s.stock[s.stockAt++];
	for (let k = 0; toSlots && k < r.slots; k++) s.slots[k] = s.stock[s.stockAt++];
}
/** Moves the card at `place` into the lowest empty pile. */
function moveToEmpty(s, place) {
	const r = s.rules;
	const to = emptyPile(s);
	let card;
	if (place < r.slotBase) {
		const h = --s.heights[place];
		card = s.cards[place * r.height + h];
		s.cards[place * r.height + h] = 255;
	} else {
		card = s.slots[place - r.slotBase];
		s.slots[place - r.slotBase] = 255;
	}
	s.cards[to * r.height] = card;
	s.heights[to] = 1;
}
/** The game's `step`. */
function stepState$1(s, _o, action) {
	const r = s.rules;
	if (action < r.pairIds) {
		take(s, r.pairFirst[action]);
		take(s, r.pairSecond[action]);
		if (r.rewardCards) return 2;
	} else if (action < r.extraBase) {
		take(s, action - r.singleBase);
		if (r.rewardCards) return 1;
	} else {
		if (action === r.dealId) deal(s);
		else moveToEmpty(s, action - r.moveBase);
		return 0;
	}
	return isWon$1(s) ? 1 : 0;
}
/** Writes pile p's rows and height into `out`, whose rows of the pile are zero. */
function observePile(s, out, p) {
	const r = s.rules;
	const h = s.heights[p];
	if (h > 0) out[p * r.height * 13 + (s.cards[p * r.height + h - 1] >> 2)] = 1;
	if (!r.hidden) for (let d = 1; d < h; d++) out[(p * r.height + d) * 13 + (s.cards[p * r.height + h - 1 - d] >> 2)] = 1;
	out[r.obsHeights + p] = h / r.height;
	s.obsHeights[p] = h;
}
/** Whether the moves since `obsOut` was written took at most one card off each pile and drew from the stock. */
function onlyCardsLeft$1(s) {
	for (let p = 0; p < s.rules.pileCount; p++) {
		const gone = s.obsHeights[p] - s.heights[p];
		if (gone < 0 || gone > 1) return false;
	}
	return s.stockAt >= s.obsStockAt;
}
/** The game's `observe`: written in full into a new buffer, then only what the moves since changed. */
function observe$1(s, _o, out) {
	const r = s.rules;
	if (s.obsOut === out && !onlyCardsLeft$1(s)) s.obsOut = null;
	if (s.obsOut !== out) {
		out.fill(0);
		observePileRow(r, s, out, 0, r.obsHeights, r.obsUnseen);
		s.obsHeights.set(s.heights);
		for (let k = s.stockAt; k < r.stockSize; k++) out[r.obsUnseen + (s.stock[k] >> 2)] += .25;
		s.obsStockAt = s.stockAt;
		s.obsOut = out;
	} else {
		for (let p = 0; p < r.pileCount; p++) {
			const was = s.obsHeights[p];
			const h = s.heights[p];
			if (was === h) continue;
			out.fill(0, p * r.height * 13, (p + 1) * r.height * 13);
			if (r.hidden) for (let k = h > 0 ? h - 1 : 0; k < was - 1; k++) out[r.obsUnseen + (s.cards[p * r.height + k] >> 2)] -= .25;
			observePile(s, out, p);
		}
		for (let k = s.obsStockAt; k < s.stockAt; k++) out[r.obsUnseen + (s.stock[k] >> 2)] -= .25;
		s.obsStockAt = s.stockAt;
		out.fill(0, r.obsSlots, r.obsHeights);
	}
	for (let k = 0; k < r.slots; k++) if (s.slots[k] !== 255) out[r.obsSlots + 13 * k + (s.slots[k] >> 2)] = 1;
	if (r.stockSize > 0) out[r.obsStock] = (r.stockSize - s.stockAt) / r.stockSize;
}
/**
* Every float in [0, 1]; a pile's height at most its deal. A feature no deal of these rules fills (a card deeper
* than its pile's deal, an unseen count in an open deal, the stock of a game without one) keeps [0, 1] all the same:
* an empty range is one Gymnasium warns of.
*/
function observationBounds$1(r) {
	const low = new Float32Array(r.observationSize);
	const high = new Float32Array(r.observationSize).fill(1);
	for (let p = 0; p < r.pileCount; p++) high[r.obsHeights + p] = r.dealtStock ? 1 : r.piles[p] / r.height;
	return {
		low,
		high
	};
}
// src/env/layouts/piles-text.ts
const placeName$1 = (r, place) => place < r.slotBase ? `pile ${place + 1}` : `slot ${place - r.slotBase + 1}`;
/** The places an action takes from: a pair's two, a single's or a move's one, none for a deal. */
const placesOf = (r, action) => {
	if (action < r.pairIds) return [r.pairFirst[action], r.pairSecond[action]];
	if (action < r.extraBase) return [action - r.singleBase];
	return action === r.dealId ? [] : [action - r.moveBase];
};
function describeAction$1(s, action) {
	const r = s.rules;
	if (action >= r.extraBase) return describeExtra(s, action);
	const places = placesOf(r, action);
	const cards = places.map((p) => placeCard$1(s, p));
	if (cards.every((c) => c !== 255)) return `remove ${cards.map(cardLabel).join(" + ")}`;
	return `remove ${places.map((p) => placeName$1(r, p)).join(" + ")} (${cards.map((c) => c === 255 ? "none" : cardLabel(c)).join(" + ")})`;
}
/** A deal or a move into an empty pile, in words. */
function describeExtra(s, action) {
	const r = s.rules;
	if (action === r.dealId) return `deal a card onto each pile${r.stockSize - s.stockAt === r.dealtStock?.slotsAt ? " and each slot" : ""}`;
	const place = action - r.moveBase;
	const card = placeCard$1(s, place);
	const to = emptyPile(s);
	const where = to < 0 ? "an empty pile" : `empty pile ${to + 1}`;
	return `move ${card === 255 ? placeName$1(r, place) : cardLabel(card)} to ${where}`;
}
/** Why a deal or a move into an empty pile is not legal. */
function whyExtraIllegal(s, action) {
	const r = s.rules;
	if (action === r.dealId) return s.stockAt < r.stockSize ? "it is legal" : "the stock is empty";
	const place = action - r.moveBase;
	if (placeCard$1(s, place) === 255) return `${placeName$1(r, place)} is empty`;
	if (emptyPile(s) < 0) return "no pile is empty";
	if (!canMoveToEmpty(s, place)) return `${placeName$1(r, place)} holds one card: moving it would change nothing`;
	return "it is legal";
}
/** The pairing rule in words: "make 14", "are of one rank", "make 15, or are two aces". */
function pairText(r) {
	const ways = [];
	if (r.pairSum !== null) ways.push(`make ${r.pairSum}`);
	if (r.sameRank) ways.push("are of one rank");
	for (const [a, b] of r.alsoPairs ?? []) ways.push(a === b ? `are two ${RANK_NAMES[a]}s` : `are a ${RANK_NAMES[a]} and a ${RANK_NAMES[b]}`);
	return ways.join(", or ");
}
function whyIllegal$1(s, action) {
	const r = s.rules;
	if (s.legalCount === 0) return "the game is over";
	if (action >= r.extraBase) return whyExtraIllegal(s, action);
	const places = placesOf(r, action);
	for (const p of places) if (placeCard$1(s, p) === 255) return `${placeName$1(r, p)} is empty`;
	const [a, b] = places.map((p) => placeCard$1(s, p));
	if (b === void 0) {
		const alone = r.singles.map((rank) => `a ${RANK_NAMES[rank]}`).join(" or ");
		return r.singleMask >>> (a >> 2) & 1 ? "it is legal" : `${cardLabel(a)} is not ${alone}, which goes alone`;
	}
	for (const c of [a, b]) if (r.singleMask >>> (c >> 2) & 1) return `a ${RANK_NAMES[c >> 2]} is removed alone`;
	if (r.partners[a >> 2] >>> (b >> 2) & 1) return "it is legal";
	return `${cardLabel(a)} and ${cardLabel(b)} do not pair: two cards pair when they ${pairText(r)}`;
}
/** A pile's cards as text, bottom first; face-down cards as "##". */
function pileText(r, row, p) {
	const h = row.heights[p];
	const cards = [];
	for (let k = 0; k < h; k++) cards.push(r.hidden && k < h - 1 ? "##" : cardLabel(row.cards[p * r.height + k]));
	return cards.length ? cards.join(" ") : "--";
}
/** The text lines of a row of piles: "pile  1: …". */
const pileLines = (r, row) => r.piles.map((_, p) => `pile ${String(p + 1).padStart(2)}: ${pileText(r, row, p)}`);
/** A pile's top card where the state JSON has it: `piles[p]`, its last card. */
const pileTopSpot = (r, row, p) => ({
	place: "piles",
	stack: p,
	index: row.heights[p] - 1,
	code: cardCode(row.cards[p * r.height + row.heights[p] - 1])
});
/** A row of piles as a board's `columns` part: each pile labelled, face-down cards counted in its label. */
function pileColumns(r, row) {
	const columns = [];
	for (let p = 0; p < r.pileCount; p++) {
		const h = row.heights[p];
		const cards = [];
		for (let k = r.hidden ? Math.max(0, h - 1) : 0; k < h; k++) cards.push({
			place: "piles",
			stack: p,
			index: k,
			code: cardCode(row.cards[p * r.height + k])
		});
		const down = r.hidden && h > 1 ? ` (${h - 1} face down)` : "";
		columns.push({
			stack: p,
			label: `pile ${p + 1}${down}`,
			current: false,
			cleared: h === 0,
			cards
		});
	}
	return {
		kind: "columns",
		columns
	};
}
function render$1(s) {
	const r = s.rules;
	const lines = [];
	lines.push(...pileLines(r, s));
	if (r.slots > 0) lines.push(`slots: ${Array.from(s.slots, (c) => c === 255 ? "--" : cardLabel(c)).join(" ")}`);
	const stock = r.stockSize > 0 ? `stock ${plural(r.stockSize - s.stockAt, "card")} · ` : "";
	lines.push(`${stock}removed ${s.removed}`);
	if (s.legalCount === 0) {
		const { won, cardsLeft } = outcome$1(s);
		lines.push(`game over: ${won ? "won" : "lost"}, ${plural(cardsLeft, "card")} left`);
	}
	return lines.join("\n");
}
/** Where the card at `place` lies, as the state JSON places it. */
function spotOf$1(s, place) {
	const r = s.rules;
	if (place < r.slotBase) return pileTopSpot(r, s, place);
	return {
		place: "slots",
		index: place - r.slotBase,
		code: cardCode(placeCard$1(s, place))
	};
}
function actionCards$1(s, action) {
	return placesOf(s.rules, action).filter((p) => placeCard$1(s, p) !== 255).map((p) => spotOf$1(s, p));
}
function board$1(s) {
	const r = s.rules;
	const piles = [];
	for (let k = 0; k < r.slots; k++) {
		const card = s.slots[k];
		piles.push({
			kind: "card",
			label: `slot ${k + 1}`,
			card: card === 255 ? null : {
				place: "slots",
				index: k,
				code: cardCode(card)
			}
		});
	}
	const count = r.stockSize - s.stockAt;
	if (r.stockSize > 0) piles.push({
		kind: "stock",
		count,
		label: "stock",
		tappable: r.dealId >= 0 && count > 0
	});
	piles.push({
		kind: "counter",
		count: s.removed,
		label: "removed"
	});
	return {
		style: "pairing",
		parts: [pileColumns(r, s), {
			kind: "piles",
			piles
		}]
	};
}
// src/env/layouts/piles-game.ts
/**
* A piles game from its declaration: `pilesGame` joins the layout (piles.ts), its words (piles-text.ts)
* and its JSON (piles-json.ts) into one `Game`. Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane,
* Ides of March and Baroness are declarations over it.
*/
/** The prompt: what goes out, in words. */
function promptOf(r) {
	const alone = r.singles.length ? `, or a ${r.singles.map((rank) => RANK_NAMES[rank]).join(" or ")} alone` : "";
	const deal = r.dealId >= 0 ? " Deal from the stock when you choose." : "";
	const move = r.moveBase >= 0 ? " A card may move into an empty pile." : "";
	return `Remove two available cards that ${pairText(r)}${alone}.${deal}${move}`;
}
/** A `Game` from a piles game's declaration. */
function pilesGame(spec) {
	const rulesOf = (o) => compilePilesRules({
		...spec.rules(o),
		rewardCards: o.reward === "cards",
		undoLimit: o.undoLimit
	});
	const parseDeck = (input, o) => {
		const r = rulesOf(o);
		const deck = parseRankDeck(r.deck, input);
		const pile = r.distinctRanks ? pileWithRepeat(r, deck) : -1;
		if (pile >= 0) throw new TengymError("bad-deck", `bad deck: pile ${pile + 1} would hold two cards of one rank, which this game never deals`);
		return deck;
	};
	return {
		name: spec.name,
		rulesOf,
		...layoutGameParts(spec.optionsSchema, rulesOf, createState$1, observationBounds$1),
		copyState: copyState$1,
		parseDeck,
		reset: (s, _o, rng, deck) => resetState$1(s, rng, deck),
		legalActions: legalActions$1,
		step: stepState$1,
		status: status$1,
		observe: observe$1,
		outcome: outcome$1,
		expectedReturn: (result, o) => {
			const { won, cardsLeft } = result;
			const r = rulesOf(o);
			return r.rewardCards ? r.deck.size - cardsLeft : won ? 1 : 0;
		},
		describeAction: (s, _o, action) => describeAction$1(s, action),
		whyIllegal: (s, _o, action) => whyIllegal$1(s, action),
		render: render$1,
		toJSON: toJSON$1,
		fromJSON: (json, _o, s) => fromJSON$1(json, s),
		checkState: checkState$1,
		sameOutcome: spec.sameOutcome ?? false,
		actionCards: (s, _o, action) => actionCards$1(s, action),
		moveKind: (s, _o, action) => {
			const r = s.rules;
			if (action < r.pairIds) return "pair";
			if (action < r.extraBase) return "single";
			return action === r.dealId ? "deal" : "place";
		},
		prompt: (s) => s.legalCount === 0 ? "" : promptOf(s.rules),
		board: board$1
	};
}
// src/env/layouts/triangle.ts
/**
* The triangle layout: rows of overlapping face-up cards (row r holds r + 1 cards, each overlapped by
* the two below it), a talon of stock and waste beside them, optionally a row of open piles whose tops are
* available (the piles layout's, piles.ts), and removals of available cards: two that make a sum, or a card of a
* rank removed alone. Its words and board are in `triangle-text.ts`, its JSON
* and checks in `triangle-json.ts`, its observation in `triangle-observe.ts`, and `triangle-game.ts` joins them
* into a `Game`.
*
* Slot r(r+1)/2 + c is row r, card c (slot 0 the apex); the deal fills the slots in that order, then
* the piles (pile 0 bottom card first), and the rest of the deck is the stock, its top first. A slot is
* **free** when neither card covering it is still there. Places, which removals name: the slots, then
* the waste's top card and the stock's top card (when the deal leaves a stock), then the piles' tops.
* Action ids: one per unordered pair of places (lexicographic), one single per place, then a draw and a
* turn-over when there is a stock. The hot path (legalActions, step, status, observe) allocates nothing.
*/
/** The talon of a deal that leaves no stock: nothing to draw, nothing in play. */
const NO_TALON = {
	draw: 1,
	passes: 1,
	topPlayable: false,
	topPairsWithWaste: false
};
const rulesCache = /* @__PURE__ */ new Map();
/** The spec's shape and lookups, built once per distinct spec. */
function compileTriangleRules(p) {
	const key = JSON.stringify(p);
	const cached = rulesCache.get(key);
	if (cached) return cached;
	const shape = triangleShape(p.rows, p.piles);
	const pileRow = pileRowShape(p.piles ?? [], false);
	const hasTalon = shape.talonSize > 0;
	if (hasTalon && !p.talon) throw new RangeError("the deal leaves a stock: the declaration needs its talon");
	if (!hasTalon && p.faceDownRows) throw new RangeError("face-down rows need a stock");
	const talon = hasTalon && p.talon ? p.talon : NO_TALON;
	const obsFree = shape.slots * 13;
	const obsWasteTop = obsFree + shape.slots;
	const obsStockCounts = obsWasteTop + 39;
	const obsPiles = hasTalon ? obsStockCounts + 18 + (talon.idlePassEnds ? 1 : 0) : obsWasteTop;
	const obsPileHeights = obsPiles + pileRow.pileCount * pileRow.height * 13;
	const none = (at) => hasTalon ? at : -1;
	const rules = {
		...p,
		...shape,
		talon,
		pileRow,
		hasTalon,
		rankSum: p.pairSum - 2,
		singleMask: p.singles.reduce((bits, r) => bits | 1 << r, 0),
		passLimit: talon.passes === "unlimited" ? Infinity : talon.passes,
		unlimited: talon.passes === "unlimited",
		topPlayable: talon.topPlayable,
		talonPairs: talon.topPlayable && talon.topPairsWithWaste,
		goalAll: p.goal === "all",
		goalCards: p.goal === "all" ? 52 : shape.slots,
		observationSize: obsPileHeights + pileRow.pileCount,
		obsFree,
		obsWasteTop: none(obsWasteTop),
		obsStockTop: none(obsWasteTop + 13),
		obsWasteCounts: none(obsWasteTop + 26),
		obsStockCounts: none(obsStockCounts),
		obsStockSize: none(obsStockCounts + 13),
		obsSteps: none(obsStockCounts + 17),
		obsPassRemoved: hasTalon && talon.idlePassEnds ? obsStockCounts + 18 : -1,
		obsPiles,
		obsPileHeights,
		faceDownMask: p.faceDownRows ? (1 << slotOf(Math.min(p.faceDownRows, p.rows), 0)) - 1 : 0
	};
	rulesCache.set(key, rules);
	return rules;
}
function createState(rules) {
	return {
		rules,
		cards: new Uint8Array(rules.slots).fill(255),
		present: 0,
		talon: new Uint8Array(rules.talonSize),
		talonLen: 0,
		cursor: 0,
		pass: 1,
		passStartRemoved: 0,
		steps: 0,
		removed: 0,
		status: 0,
		placeRank: new Int8Array(rules.places).fill(-1),
		available: new Uint8Array(rules.places),
		availableCount: 0,
		rankPlaces: /* @__PURE__ */ new Uint8Array(52),
		rankCount: /* @__PURE__ */ new Uint8Array(13),
		deck: /* @__PURE__ */ new Uint8Array(52),
		piles: {
			cards: new Uint8Array(rules.pileCount * rules.pileRow.height).fill(255),
			heights: new Uint8Array(rules.pileCount)
		},
		obsOut: null,
		obsPresent: 0,
		obsCursor: 0,
		obsTalonLen: 0,
		obsHeights: new Uint8Array(rules.pileCount)
	};
}
function copyState(src, dst) {
	dst.cards.set(src.cards);
	dst.present = src.present;
	dst.talon.set(src.talon);
	dst.talonLen = src.talonLen;
	dst.cursor = src.cursor;
	dst.pass = src.pass;
	dst.passStartRemoved = src.passStartRemoved;
	dst.steps = src.steps;
	dst.removed = src.removed;
	dst.status = src.status;
	if (src.rules.pileCount > 0) {
		dst.piles.cards.set(src.piles.cards);
		dst.piles.heights.set(src.piles.heights);
	}
	dst.obsOut = null;
}
const ORDERED_DECK = orderedDeck();
function resetState(s, rng, deck) {
	const d = s.deck;
	const slots = s.rules.slots;
	d.set(deck ?? ORDERED_DECK);
	if (!deck) shuffleInPlace(rng, d);
	for (let i = 0; i < slots; i++) s.cards[i] = d[i];
	s.present = s.rules.full;
	if (s.rules.pileCount > 0) dealPileRow(s.rules.pileRow, s.piles, d, slots);
	const talonAt = 52 - s.rules.talonSize;
	for (let i = talonAt; i < 52; i++) s.talon[i - talonAt] = d[i];
	s.talonLen = s.rules.talonSize;
	s.cursor = 0;
	s.pass = 1;
	s.passStartRemoved = 0;
	s.steps = 0;
	s.removed = 0;
	s.status = 0;
	s.obsOut = null;
}
/** Whether slot i holds a card that no card covers. */
function isFree(r, present, slot) {
	return (present >>> slot & 1) === 1 && (present & r.coverMask[slot]) === 0;
}
/** The slots still face down: dealt so, and a card covers them yet. */
function faceDownSlots(r, present) {
	let hidden = 0;
	for (let x = present & r.faceDownMask; x !== 0; x &= x - 1) {
		const slot = 31 - Math.clz32(x & -x);
		if ((present & r.coverMask[slot]) !== 0) hidden |= 1 << slot;
	}
	return hidden;
}
/** The one slot still covering slot i when exactly one does, else -1 (overlap pairs). */
function soleCover(r, present, slot) {
	const left = r.coverLeft[slot];
	if (left < 0) return -1;
	const hasLeft = present >>> left & 1;
	if (hasLeft + (present >>> left + 1 & 1) !== 1) return -1;
	return hasLeft === 1 ? left : left + 1;
}
/** The card at a place (the waste's or the stock's top card for those, a pile's top), EMPTY for none. */
function placeCard(s, place) {
	const r = s.rules;
	if (place < r.slots) return s.cards[place];
	if (place >= r.pileBase) {
		const h = s.piles.heights[place - r.pileBase];
		return h === 0 ? 255 : s.piles.cards[(place - r.pileBase) * r.pileRow.height + h - 1];
	}
	if (place === r.waste) return s.cursor > 0 ? s.talon[s.cursor - 1] : 255;
	return s.cursor < s.talonLen ? s.talon[s.cursor] : 255;
}
function popCount$1(bits) {
	let n = 0;
	for (let b = bits; b !== 0; n++) b &= b - 1;
	return n;
}
function isWon(s) {
	return s.rules.goalAll ? s.removed === 52 : s.present === 0;
}
/** The result of the game so far: won, and the goal's cards not removed. */
function outcome(s) {
	const cardsLeft = s.rules.goalAll ? 52 - s.removed : popCount$1(s.present);
	return {
		won: isWon(s),
		cardsLeft
	};
}
function add(mask, legal, n, id) {
	mask[id] = 1;
	legal[n] = id;
	return n + 1;
}
/**
* Fills `s.placeRank` (each place's rank while its card is available, else -1), `s.available` and the rank buckets,
* in increasing place order: the free slots by their bits, then the talon's tops and the piles' tops.
*/
function markAvailable(s) {
	const r = s.rules;
	const rank = s.placeRank;
	const count = s.rankCount;
	const available = s.available;
	const rankPlaces = s.rankPlaces;
	for (let q = 0; q < 13; q++) count[q] = 0;
	rank.fill(-1);
	let k = 0;
	for (let x = freeSlots$1(s.present, r.rows); x !== 0; x &= x - 1) {
		const i = 31 - Math.clz32(x & -x);
		const q = s.cards[i] >> 2;
		rank[i] = q;
		available[k++] = i;
		rankPlaces[q * 4 + count[q]++] = i;
	}
	if (r.hasTalon) {
		rank[r.waste] = s.cursor > 0 ? s.talon[s.cursor - 1] >> 2 : -1;
		rank[r.stock] = r.topPlayable && s.cursor < s.talonLen ? s.talon[s.cursor] >> 2 : -1;
	}
	for (let p = 0; p < r.pileCount; p++) {
		const h = s.piles.heights[p];
		rank[r.pileBase + p] = h === 0 ? -1 : s.piles.cards[p * r.pileRow.height + h - 1] >> 2;
	}
	for (let p = r.slots; p < r.places; p++) {
		const q = rank[p];
		if (q < 0) continue;
		available[k++] = p;
		rankPlaces[q * 4 + count[q]++] = p;
	}
	s.availableCount = k;
}
/**
* Adds the pairs of available place i with the available places after it that complete its sum, looked up in the
* rank buckets (increasing place order): the ids a scan of every pair (i, j > i) would give, in its order.
*/
function pairsAfter(s, i, mask, legal, n) {
	const r = s.rules;
	const ri = s.placeRank[i];
	if (r.singleMask >>> ri & 1 || i === r.waste && !r.talon.topPairsWithWaste) return n;
	const want = r.rankSum - ri;
	if (want < 0 || want > 12) return n;
	for (let b = want * 4, end = b + s.rankCount[want]; b < end; b++) {
		const j = s.rankPlaces[b];
		if (j > i) n = add(mask, legal, n, placePairId(r.places, i, j));
	}
	return n;
}
/**
* Writes the removals into mask/legal from `n`, in increasing id order; returns the new count: each available card's
* pairs (`pairsAfter`), and with overlap pairs a covered slot, taken in its turn, with its sole cover; then the
* cards removed alone.
*/
function removals(s, mask, legal, n) {
	const r = s.rules;
	const rank = s.placeRank;
	const available = s.available;
	const count = s.availableCount;
	if (!r.overlapPairs) for (let a = 0; a < count - 1; a++) n = pairsAfter(s, available[a], mask, legal, n);
	else for (let i = 0; i < r.places - 1; i++) if (rank[i] >= 0) n = pairsAfter(s, i, mask, legal, n);
	else if (i < r.slots && (s.present >>> i & 1) === 1 && (r.faceDownMask >>> i & 1) === 0) {
		const cover = soleCover(r, s.present, i);
		if (cover >= 0 && rank[cover] >= 0 && rank[cover] + (s.cards[i] >> 2) === r.rankSum) n = add(mask, legal, n, placePairId(r.places, i, cover));
	}
	for (let a = 0; a < count; a++) {
		const p = available[a];
		if (r.singleMask >>> rank[p] & 1) n = add(mask, legal, n, r.singleBase + p);
	}
	return n;
}
/**
* With unlimited passes: whether a card may still be removed some time, by draws and turn-overs alone
* (nothing is available now). Every stock and waste card comes to the waste's top; two of them meet as
* the waste's and the stock's top cards only when next to each other in the sequence, but that depends
* on the stock's order, which a player does not know on the first pass: any two that pair count (what
* the player knows decides when the game ends, never the hidden order). The ranks as bits.
*/
function removalAhead(s) {
	const r = s.rules;
	let freeRanks = 0;
	for (let i = 0; i < r.slots; i++) if (s.placeRank[i] >= 0) freeRanks |= 1 << s.placeRank[i];
	let talonRanks = 0;
	for (let k = 0; k < s.talonLen; k++) talonRanks |= 1 << (s.talon[k] >> 2);
	for (let rank = 0; rank < 13; rank++) {
		if ((talonRanks >>> rank & 1) === 0) continue;
		if (r.singleMask >>> rank & 1 || freeRanks >>> r.rankSum - rank & 1) return true;
		if (r.talonPairs && talonRanks >>> r.rankSum - rank & 1) return true;
	}
	return false;
}
/** The game's `legalActions` (the options are the state's rules). */
function legalActions(s, _o, mask, legal) {
	const r = s.rules;
	mask.fill(0);
	if (isWon(s)) {
		s.status = 1;
		return 0;
	}
	markAvailable(s);
	let n = removals(s, mask, legal, 0);
	const removable = n;
	if (s.cursor < s.talonLen) n = add(mask, legal, n, r.draw);
	else if (s.cursor > 0 && s.pass < r.passLimit && (!r.talon.idlePassEnds || s.removed > s.passStartRemoved)) n = add(mask, legal, n, r.recycle);
	if (n > 0 && removable === 0 && r.unlimited && !removalAhead(s)) n = 0;
	if (n > 0 && s.steps >= r.maxSteps) {
		mask.fill(0);
		s.status = 2;
		return 0;
	}
	if (n === 0) mask.fill(0);
	s.status = n === 0 ? 1 : 0;
	return n;
}
function status(s) {
	return s.status;
}
/** Removes the card at `place`; returns 1 when it is one of the goal's cards. */
function removeAt(s, place) {
	const r = s.rules;
	s.removed++;
	if (place < r.slots) {
		s.cards[place] = 255;
		s.present &= ~(1 << place);
		return 1;
	}
	if (place >= r.pileBase) {
		const p = place - r.pileBase;
		s.piles.cards[p * r.pileRow.height + --s.piles.heights[p]] = 255;
		return r.goalAll ? 1 : 0;
	}
	const at = place === r.waste ? s.cursor - 1 : s.cursor;
	s.talon.copyWithin(at, at + 1, s.talonLen);
	s.talonLen--;
	if (place === r.waste) s.cursor--;
	return r.goalAll ? 1 : 0;
}
/** The game's `step`. */
function stepState(s, _o, action) {
	const r = s.rules;
	s.steps++;
	let gained = 0;
	if (action < r.pairIds) gained = removeAt(s, r.pairSecond[action]) + removeAt(s, r.pairFirst[action]);
	else if (action < r.draw) gained = removeAt(s, action - r.singleBase);
	else if (action === r.draw) s.cursor = r.talon.draw === 1 ? s.cursor + 1 : Math.min(s.cursor + r.talon.draw, s.talonLen);
	else {
		s.cursor = 0;
		s.pass++;
		s.passStartRemoved = s.removed;
	}
	if (r.rewardCards) return gained;
	return gained > 0 && isWon(s) ? 1 : 0;
}
// src/env/layouts/triangle-json.ts
/**
* The triangle layout's state as JSON (triangle.ts has the layout): `{ <name>: slot by slot, stockTop,
* stock, waste, removed, pass, steps }` (with piles beside the triangle, `piles` after the triangle's field, each
* pile bottom first; without a stock, no `stockTop`, `stock`, `waste` or `pass`), its parsing and loading, and the
* checks that a state could come from play. Messages say "bad <name> state".
*/
function toJSON(s) {
	const r = s.rules;
	const cards = Array.from(s.cards, (c) => c === 255 ? null : cardCode(c));
	const faceUp = r.topPlayable && s.cursor < s.talonLen;
	const stockTop = faceUp ? cardCode(s.talon[s.cursor]) : null;
	const stock = [];
	for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) stock.push(cardCode(s.talon[k]));
	const waste = [];
	for (let k = 0; k < s.cursor; k++) waste.push(cardCode(s.talon[k]));
	const placed = /* @__PURE__ */ new Uint8Array(52);
	for (const c of s.cards) if (c !== 255) placed[c] = 1;
	for (let k = 0; k < s.talonLen; k++) placed[s.talon[k]] = 1;
	const height = r.pileRow.height;
	const piles = Array.from(s.piles.heights, (h, p) => Array.from(s.piles.cards.subarray(p * height, p * height + h), (c) => {
		placed[c] = 1;
		return cardCode(c);
	}));
	const removed = [];
	for (let c = 0; c < 52; c++) if (!placed[c]) removed.push(cardCode(c));
	if (!r.hasTalon) return {
		[r.name]: cards,
		piles,
		removed,
		steps: s.steps
	};
	const json = {
		[r.name]: cards,
		stockTop,
		stock,
		waste,
		removed,
		pass: s.pass,
		steps: s.steps
	};
	if (r.pileCount > 0) json.piles = piles;
	if (r.talon.idlePassEnds) json.passStartRemoved = s.passStartRemoved;
	return json;
}
const jsonSchemas = /* @__PURE__ */ new Map();
function jsonSchema(r) {
	const key = `${r.name}/${r.slots}/${r.talon.idlePassEnds === true}/${r.pileRow.piles.join(",")}/${r.hasTalon}`;
	let schema = jsonSchemas.get(key);
	if (!schema) {
		const talon = {
			stockTop: /* @__PURE__ */ nullable$1(/* @__PURE__ */ string$1()),
			stock: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(r.talonSize)),
			waste: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(r.talonSize))
		};
		schema = /* @__PURE__ */ strictObject$1({
			[r.name]: (/* @__PURE__ */ array$1(/* @__PURE__ */ nullable$1(/* @__PURE__ */ string$1()))).check(/* @__PURE__ */ _length(r.slots)),
			...r.pileCount > 0 ? { piles: pileRowJson(r.pileRow) } : {},
			...r.hasTalon ? talon : {},
			removed: (/* @__PURE__ */ array$1(/* @__PURE__ */ string$1())).check(/* @__PURE__ */ _maxLength(52)),
			...r.hasTalon ? { pass: int$1().check(/* @__PURE__ */ _gte(1)) } : {},
			steps: int$1().check(/* @__PURE__ */ _gte(0)),
			...r.talon.idlePassEnds ? { passStartRemoved: int$1().check(/* @__PURE__ */ _gte(0)) } : {}
		});
		jsonSchemas.set(key, schema);
	}
	return schema;
}
function fromJSON(json, s) {
	const r = s.rules;
	const bad = (message) => badState$1(message, r.name);
	const parsed = jsonSchema(r).safeParse(json);
	if (!parsed.success) {
		const piles = r.pileCount > 0 ? `piles: ${r.pileCount} lists of card codes, bottom first, ` : "";
		const talon = r.hasTalon ? "stockTop: a card code or null, stock: [...], waste: [...], " : "";
		throw bad(`${formatZodError(parsed.error)} (expected { ${r.name}: ${r.slots} card codes or null, ${piles}${talon}removed: [...], ${r.hasTalon ? "pass, " : ""}steps })`);
	}
	const j = parsed.data;
	const fields = { [r.name]: j[r.name] };
	(j.piles ?? []).forEach((pile, p) => {
		fields[`piles[${p}]`] = pile;
	});
	Object.assign(fields, {
		stockTop: j.stockTop ?? null,
		stock: j.stock ?? [],
		waste: j.waste ?? []
	});
	fields.removed = j.removed;
	const lists = parseCardLists(fields, 255, bad);
	const cards = lists[r.name];
	const { stockTop, stock, waste } = lists;
	const pass = j.pass ?? 1;
	if (r.topPlayable && stockTop.length === 0 && stock.length > 0) throw bad("stockTop is null but the stock holds cards: with stockTopPlayable the stock's top card lies face up, in stockTop");
	if (!r.topPlayable && stockTop.length > 0) throw bad("stockTop holds a card, but without stockTopPlayable the stock is face down: put it first in stock");
	if (pass > r.passLimit) throw bad(`pass is ${pass}, but this game has ${r.talon.passes} passes`);
	if (j.steps > r.maxSteps) throw bad(`steps is ${j.steps}, more than maxSteps (${r.maxSteps})`);
	s.cards.set(cards);
	if (r.pileCount > 0) loadPileRow(r.pileRow, s.piles, r.pileRow.piles.map((_, p) => lists[`piles[${p}]`]));
	s.present = 0;
	for (let i = 0; i < r.slots; i++) if (cards[i] !== 255) s.present |= 1 << i;
	s.obsOut = null;
	s.talon.set(waste, 0);
	s.talon.set(stockTop, waste.length);
	s.talon.set(stock, waste.length + stockTop.length);
	s.cursor = waste.length;
	s.talonLen = waste.length + stockTop.length + stock.length;
	s.pass = pass;
	s.steps = j.steps;
	s.removed = 52 - popCount$1(s.present) - s.talonLen - pileCards(s);
	s.passStartRemoved = j.passStartRemoved ?? 0;
	s.status = 0;
	const problem = checkState(s);
	if (problem) throw bad(problem);
}
/** The cards in the piles beside the triangle. */
const pileCards = (s) => s.piles.heights.reduce((n, h) => n + h, 0);
/** Every card in one place, the counters in step with the cards, the removed cards removable by the rules. */
function checkState(s) {
	const r = s.rules;
	const seen = /* @__PURE__ */ new Uint8Array(52);
	const left = /* @__PURE__ */ new Uint8Array(13);
	let present = 0;
	for (let i = 0; i < r.slots; i++) {
		const c = s.cards[i];
		if (c === 255) continue;
		if (c >= 52) return `slot ${i} holds ${c}, not a card`;
		if (seen[c]) return `card ${cardCode(c)} is twice in the ${r.name}`;
		seen[c] = 1;
		left[c >> 2]++;
		present |= 1 << i;
	}
	if (present !== s.present) return `the slot set is ${s.present.toString(2)}, the slots say ${present.toString(2)}`;
	for (let i = 0; i < r.slots; i++) if ((present >>> i & 1) === 0 && (present & r.coverMask[i]) !== 0) return `slot ${i} is empty but a card covering it is still there: a card leaves only once it is free (or with its only cover)`;
	const pileProblem = checkPileRow(r.pileRow, s.piles, (c, where) => {
		if (c >= 52) return `${where} holds ${c}, not a card`;
		if (seen[c]) return `card ${cardCode(c)} is in two places`;
		seen[c] = 1;
		left[c >> 2]++;
		return null;
	});
	if (pileProblem) return pileProblem;
	if (!Number.isInteger(s.talonLen) || s.talonLen < 0 || s.talonLen > r.talonSize) return `the stock and waste hold ${s.talonLen} cards; the deal leaves ${r.talonSize}`;
	if (!Number.isInteger(s.cursor) || s.cursor < 0 || s.cursor > s.talonLen) return `the waste holds ${s.cursor} of the ${s.talonLen} stock and waste cards`;
	for (let k = 0; k < s.talonLen; k++) {
		const c = s.talon[k];
		if (c >= 52) return `stock or waste position ${k} holds ${c}, not a card`;
		if (seen[c]) return `card ${cardCode(c)} is in two places`;
		seen[c] = 1;
		left[c >> 2]++;
	}
	const removed = 52 - popCount$1(present) - s.talonLen - pileCards(s);
	if (s.removed !== removed) {
		const places = r.pileCount > 0 ? r.hasTalon ? ", piles, stock and waste" : " and piles" : ", stock and waste";
		return `removed is ${s.removed}, the ${r.name}${places} leave ${removed}`;
	}
	for (let rank = 0; 2 * rank < r.rankSum; rank++) {
		const other = r.rankSum - rank;
		if (other > 12 || (r.singleMask >>> rank | r.singleMask >>> other) & 1) continue;
		const gone = 4 - left[rank];
		const partners = 4 - left[other];
		if (gone !== partners) return `${gone} ${RANK_WORDS[rank]} but ${partners} ${RANK_WORDS[other]} are removed; they go in pairs`;
	}
	if (!Number.isInteger(s.pass) || s.pass < 1 || s.pass > r.passLimit) return `pass ${s.pass} is not one of 1..${r.talon.passes}`;
	if (!Number.isInteger(s.passStartRemoved) || s.passStartRemoved < 0 || s.passStartRemoved > removed) return `passStartRemoved ${s.passStartRemoved} outside 0..removed (${removed})`;
	if (s.pass === 1 && s.passStartRemoved !== 0) return `passStartRemoved is ${s.passStartRemoved} on the first pass`;
	if (!Number.isInteger(s.steps) || s.steps < 0 || s.steps > r.maxSteps) return `steps ${s.steps} outside 0..maxSteps (${r.maxSteps})`;
	const least = s.pass - 1 + Math.ceil(removed / 2);
	if (s.steps < least) return `steps is ${s.steps}, but ${removed} cards removed and ${s.pass - 1} turn-overs take at least ${least}`;
	return null;
}
// src/env/layouts/triangle-observe.ts
/**
* The triangle layout's observation (the table in triangle-game.ts): written in full into a new buffer, then updated
* in place after moves that only take cards away, and its bounds. The hot path (observe) allocates nothing.
*/
/** Writes the observation in full (the game's `observe` on a new buffer, or after a change it does not follow). */
function writeObservation(s, out) {
	const r = s.rules;
	out.fill(0);
	const present = s.present;
	for (let i = 0; i < r.slots; i++) {
		if ((present >>> i & 1) === 0) continue;
		if ((present & r.coverMask[i]) === 0) out[r.obsFree + i] = 1;
		else if (r.faceDownMask >>> i & 1) {
			out[r.obsStockCounts + (s.cards[i] >> 2)] += .25;
			continue;
		}
		out[13 * i + (s.cards[i] >> 2)] = 1;
	}
	if (r.pileCount > 0) observePileRow(r.pileRow, s.piles, out, r.obsPiles, r.obsPileHeights, -1);
	if (r.hasTalon) observeTalon(s, out);
}
/** The talon's cards in the observation: the tops, then the waste's and the stock's counts (zero before). */
function observeTalon(s, out) {
	const r = s.rules;
	if (s.cursor > 0) out[r.obsWasteTop + (s.talon[s.cursor - 1] >> 2)] = 1;
	const faceUp = r.topPlayable && s.cursor < s.talonLen;
	if (faceUp) out[r.obsStockTop + (s.talon[s.cursor] >> 2)] = 1;
	for (let k = 0; k < s.cursor; k++) out[r.obsWasteCounts + (s.talon[k] >> 2)] += .25;
	for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) out[r.obsStockCounts + (s.talon[k] >> 2)] += .25;
}
/**
* Updates `obsOut` in place after moves that only took cards away: the slots that left or were uncovered, the piles
* that shrank, the talon's floats when it changed. False, having written nothing that matters, where a card left
* while the observation showed it face down (only a state not observed after each step): the caller writes anew.
*/
function updateObservation(s, out) {
	const r = s.rules;
	const was = s.obsPresent;
	const now = s.present;
	if (was !== now) {
		const freeWas = freeSlots$1(was, r.rows);
		for (let x = was & ~now; x !== 0; x &= x - 1) {
			const i = 31 - Math.clz32(x & -x);
			if ((freeWas >>> i & 1) === 0 && (r.faceDownMask >>> i & 1) === 1) return false;
			out.fill(0, 13 * i, 13 * i + 13);
			out[r.obsFree + i] = 0;
		}
		for (let x = freeSlots$1(now, r.rows) & ~freeWas; x !== 0; x &= x - 1) {
			const i = 31 - Math.clz32(x & -x);
			out[r.obsFree + i] = 1;
			if (r.faceDownMask >>> i & 1) {
				const rank = s.cards[i] >> 2;
				out[r.obsStockCounts + rank] -= .25;
				out[13 * i + rank] = 1;
			}
		}
	}
	const height = r.pileRow.height;
	for (let p = 0; p < r.pileCount; p++) {
		const h = s.piles.heights[p];
		if (h === s.obsHeights[p]) continue;
		const at = r.obsPiles + p * height * 13;
		out.fill(0, at, at + height * 13);
		for (let d = 0; d < h; d++) out[at + d * 13 + (s.piles.cards[p * height + h - 1 - d] >> 2)] = 1;
		out[r.obsPileHeights + p] = h / height;
	}
	if (r.hasTalon && (s.cursor !== s.obsCursor || s.talonLen !== s.obsTalonLen)) {
		out.fill(0, r.obsWasteTop, r.obsStockSize);
		for (let x = now & r.faceDownMask; x !== 0; x &= x - 1) {
			const slot = 31 - Math.clz32(x & -x);
			if ((now & r.coverMask[slot]) !== 0) out[r.obsStockCounts + (s.cards[slot] >> 2)] += .25;
		}
		observeTalon(s, out);
	}
	return true;
}
/** Whether the moves since `obsOut` was written only took cards away from the triangle and the piles. */
function onlyCardsLeft(s) {
	if ((s.present & ~s.obsPresent) !== 0) return false;
	for (let p = 0; p < s.rules.pileCount; p++) if (s.piles.heights[p] > s.obsHeights[p]) return false;
	return true;
}
/** The game's `observe`: written in full into a new buffer, then only what the moves since changed. */
function observe(s, _o, out) {
	const r = s.rules;
	if (s.obsOut !== out || !onlyCardsLeft(s) || !updateObservation(s, out)) writeObservation(s, out);
	s.obsOut = out;
	s.obsPresent = s.present;
	s.obsCursor = s.cursor;
	s.obsTalonLen = s.talonLen;
	if (r.pileCount > 0) s.obsHeights.set(s.piles.heights);
	if (!r.hasTalon) return;
	const at = r.obsStockSize;
	out[at] = (s.talonLen - s.cursor) / r.talonSize;
	out[at + 1] = s.cursor / r.talonSize;
	out[at + 2] = r.unlimited ? 1 : (r.passLimit - s.pass) / 2;
	out[at + 3] = s.pass > 1 ? 1 : 0;
	out[at + 4] = s.steps / r.maxSteps;
	if (r.obsPassRemoved >= 0) out[r.obsPassRemoved] = s.removed > s.passStartRemoved ? 1 : 0;
}
/**
* Every float in [0, 1], and steps / maxSteps at most min(maxSteps, removals + (talon + 1)·passes − 1)
* / maxSteps with finite passes: at most 4 removals a single rank, the other cards in pairs; a draw per
* talon card a pass; a turn-over between passes.
*/
function observationBounds(r) {
	const low = new Float32Array(r.observationSize);
	const high = new Float32Array(r.observationSize).fill(1);
	const alone = 4 * r.singles.length;
	const most = alone + (52 - alone) / 2 + (r.talonSize + 1) * r.passLimit - 1;
	if (r.hasTalon && !r.unlimited) high[r.obsSteps] = Math.min(r.maxSteps, most) / r.maxSteps;
	for (let p = 0; p < r.pileCount; p++) high[r.obsPileHeights + p] = r.pileRow.piles[p] / r.pileRow.height;
	return {
		low,
		high
	};
}
// src/env/layouts/triangle-text.ts
/** Whether the card of `slot` lies face down: dealt so, and a card covers it yet. */
const faceDown = (s, slot) => (s.rules.faceDownMask >>> slot & 1) === 1 && (s.present & s.rules.coverMask[slot]) !== 0;
/** A slot's card as a player sees it: its label, or "##" face down. */
const seenLabel = (s, slot) => faceDown(s, slot) ? "##" : cardLabel(s.cards[slot]);
function placeName(r, place) {
	if (place === r.waste) return "the waste's top card";
	if (place === r.stock) return "the stock's top card";
	if (place >= r.pileBase) return `pile ${place - r.pileBase + 1}`;
	return `row ${r.rowOf[place] + 1} card ${r.columnOf[place] + 1}`;
}
function passText(r, pass) {
	return r.unlimited ? `pass ${pass}` : `pass ${pass} of ${r.talon.passes}`;
}
/** "a king", "a queen or a king": the ranks removed alone. */
const singlesText = (r) => r.singles.map((rank) => `a ${RANK_NAMES[rank]}`).join(" or ");
const isSingle = (r, card) => (r.singleMask >>> (card >> 2) & 1) === 1;
function describeAction(s, action) {
	const r = s.rules;
	if (action === r.draw) return "draw";
	if (action === r.recycle) return `turn the waste over (${passText(r, s.pass + 1)})`;
	const places = action < r.pairIds ? [r.pairFirst[action], r.pairSecond[action]] : [action - r.singleBase];
	const cards = places.map((p) => p < r.slots && faceDown(s, p) ? 255 : placeCard(s, p));
	if (cards.every((c) => c !== 255)) return `remove ${cards.map(cardLabel).join(" + ")}`;
	return `remove ${places.map((p) => placeName(r, p)).join(" + ")} (${cards.map((c) => c === 255 ? "none" : cardLabel(c)).join(" + ")})`;
}
/** Why the card at `place` cannot be taken now, or null when it can. */
function placeProblem(s, place) {
	const r = s.rules;
	if (place === r.waste) return s.cursor > 0 ? null : "the waste is empty";
	if (place === r.stock) {
		if (!r.topPlayable) return "the stock's top card is not in play until it is drawn (stockTopPlayable is false)";
		return s.cursor < s.talonLen ? null : "the stock is empty";
	}
	if (place >= r.pileBase) return placeCard(s, place) === 255 ? `${placeName(r, place)} is empty` : null;
	if (s.cards[place] === 255) return `${placeName(r, place)} has been removed`;
	if (isFree(r, s.present, place)) return null;
	const covers = [r.coverLeft[place], r.coverRight[place]].filter((c) => s.cards[c] !== 255).map((c) => seenLabel(s, c));
	return `${faceDown(s, place) ? `${placeName(r, place)} (face down)` : cardLabel(s.cards[place])} is covered by ${covers.join(" and ")}`;
}
function whyPairIllegal(s, first, second) {
	const r = s.rules;
	const a = placeCard(s, first);
	const b = placeCard(s, second);
	if (first === r.waste && second === r.stock && !r.talon.topPairsWithWaste && r.topPlayable) return "the stock's and the waste's top cards do not pair here (stockWastePair is false)";
	const overlap = first < r.slots && second < r.slots && soleCover(r, s.present, first) === second && a !== 255;
	const problem = (overlap && r.overlapPairs ? null : placeProblem(s, first)) ?? placeProblem(s, second);
	if (problem) {
		if (overlap && !r.overlapPairs && (a >> 2) + (b >> 2) === r.rankSum) return `${problem}; a card pairs with the one covering it only with overlapPairs`;
		return problem;
	}
	if (isSingle(r, a) || isSingle(r, b)) return `a ${RANK_NAMES[(isSingle(r, a) ? a : b) >> 2]} is removed alone`;
	const total = (a >> 2) + (b >> 2) + 2;
	if (total !== r.pairSum) return `${cardLabel(a)} + ${cardLabel(b)} make ${total}, not ${r.pairSum}`;
	return "it is legal";
}
function whyIllegal(s, action) {
	const r = s.rules;
	if (s.status === 1) return "the game is over";
	if (s.status === 2) return `the step limit (maxSteps ${r.maxSteps}) is reached`;
	if (action === r.draw) return s.cursor < s.talonLen ? "it is legal" : "the stock is empty";
	if (action === r.recycle) {
		if (s.cursor < s.talonLen) return "the stock is not empty yet";
		if (s.cursor === 0) return "the waste is empty";
		if (s.pass >= r.passLimit) return `no pass is left (passes ${r.talon.passes})`;
		if (!turnAllowed(s)) return "no card was removed in this pass: the next one would go the same way";
		return "it is legal";
	}
	if (action >= r.singleBase) {
		const place = action - r.singleBase;
		const problem = placeProblem(s, place);
		if (problem) return problem;
		const card = placeCard(s, place);
		if (isSingle(r, card)) return "it is legal";
		const alone = singlesText(r);
		return `${cardLabel(card)} is not ${alone} (only ${alone} is removed alone)`;
	}
	return whyPairIllegal(s, r.pairFirst[action], r.pairSecond[action]);
}
function render(s) {
	const r = s.rules;
	const lines = [];
	for (let row = 0, i = 0; row < r.rows; row++) {
		const cells = [];
		for (let c = 0; c <= row; c++, i++) cells.push((s.cards[i] === 255 ? "--" : seenLabel(s, i)).padStart(3));
		lines.push(" ".repeat((r.rows - 1 - row) * 2) + cells.join(" "));
	}
	lines.push(...pileLines(r.pileRow, s.piles));
	const stock = s.talonLen - s.cursor;
	const top = r.topPlayable && stock > 0 ? ` (top ${cardLabel(s.talon[s.cursor])})` : "";
	const waste = s.cursor > 0 ? ` (top ${cardLabel(s.talon[s.cursor - 1])})` : "";
	const talon = r.hasTalon ? `stock ${plural(stock, "card")}${top} · waste ${plural(s.cursor, "card")}${waste} · ${passText(r, s.pass)} · ` : "";
	lines.push(`${talon}removed ${s.removed}`);
	if (s.status === 2) lines.push(`truncated after ${s.steps} steps (maxSteps)`);
	else if (s.status === 1) {
		const { won, cardsLeft } = outcome(s);
		lines.push(`game over: ${won ? "won" : "lost"}, ${plural(cardsLeft, "card")} of the ${r.goalAll ? "deck" : r.name} left`);
	}
	return lines.join("\n");
}
/** Whether the rule of idle passes lets the waste be turned over (a card removed in this pass, or no such rule). */
const turnAllowed = (s) => !s.rules.talon.idlePassEnds || s.removed > s.passStartRemoved;
/** Why the game ended where the move alone does not say it (unlimited passes: nothing can be removed again). */
function stepNote(s) {
	if (s.status !== 1 || isWon(s) || !s.rules.unlimited || s.talonLen === 0) return null;
	if (s.cursor === s.talonLen && !turnAllowed(s)) return "A whole pass went by without a card removed, and the next would go the same way: the game is over.";
	return "No card can be removed again, however often the waste is turned over: the game is over.";
}
/** Where the card at `place` lies, as the state JSON places it. */
function spotOf(s, place) {
	const r = s.rules;
	if (place < r.slots) return {
		place: r.name,
		index: place,
		code: s.cards[place] === 255 ? "" : cardCode(s.cards[place])
	};
	if (place >= r.pileBase) return pileTopSpot(r.pileRow, s.piles, place - r.pileBase);
	if (place === r.waste) return {
		place: "waste",
		index: s.cursor - 1,
		code: cardCode(s.talon[s.cursor - 1])
	};
	return {
		place: "stockTop",
		index: 0,
		code: cardCode(s.talon[s.cursor])
	};
}
function actionCards(s, action) {
	const r = s.rules;
	if (action >= r.draw) return [];
	if (action >= r.singleBase) return [spotOf(s, action - r.singleBase)];
	return [spotOf(s, r.pairFirst[action]), spotOf(s, r.pairSecond[action])];
}
function board(s) {
	const r = s.rules;
	const rows = [];
	for (let row = 0, i = 0; row < r.rows; row++) {
		const cells = [];
		for (let c = 0; c <= row; c++, i++) cells.push(s.cards[i] === 255 ? {
			empty: true,
			place: r.name,
			index: i
		} : {
			...spotOf(s, i),
			...faceDown(s, i) ? { code: "" } : {},
			blocked: !isFree(r, s.present, i)
		});
		rows.push(cells);
	}
	const removed = {
		kind: "counter",
		count: s.removed,
		label: "removed"
	};
	if (!r.hasTalon) {
		const parts = [{
			kind: "overlap",
			rows
		}];
		if (r.pileCount > 0) parts.push(pileColumns(r.pileRow, s.piles));
		parts.push({
			kind: "piles",
			piles: [removed]
		});
		return {
			style: "pairing",
			parts
		};
	}
	const faceUp = r.topPlayable && s.cursor < s.talonLen;
	const piles = [{
		kind: "stock",
		count: s.talonLen - s.cursor,
		label: "stock",
		tappable: true,
		...s.cursor === s.talonLen && s.cursor > 0 && s.pass < r.passLimit && turnAllowed(s) ? { title: "turn the waste over" } : {}
	}];
	if (faceUp) piles.push({
		kind: "card",
		label: "stock top",
		card: spotOf(s, r.stock)
	});
	piles.push(s.cursor > 0 ? {
		kind: "card",
		label: `waste (${s.cursor})`,
		card: spotOf(s, r.waste)
	} : {
		kind: "counter",
		count: 0,
		label: "waste"
	});
	piles.push(removed);
	return {
		style: "pairing",
		parts: [
			{
				kind: "overlap",
				rows
			},
			...r.pileCount > 0 ? [pileColumns(r.pileRow, s.piles)] : [],
			{
				kind: "piles",
				piles
			},
			{
				kind: "facts",
				facts: [{
					term: "Pass",
					value: r.unlimited ? `${s.pass}` : `${s.pass} of ${r.talon.passes}`,
					name: "pass"
				}]
			}
		]
	};
}
// src/env/layouts/triangle-game.ts
/**
* A triangle game from its declaration: `triangleGame` joins the layout (triangle.ts), its words
* (triangle-text.ts) and its JSON (triangle-json.ts) into one `Game`. Pyramid is one; the declaration
* has room for its kin (rows, the pair sum, the ranks removed alone, the talon's draw and passes,
* reserves), which take it as their rules come.
*/
/**
* The rules that come straight from the options every triangle game shares: `reward` ('win' or 'cards') and
* `undoLimit`.
*/
function triangleRewardRules(o) {
	return {
		rewardCards: o.reward === "cards",
		undoLimit: o.undoLimit
	};
}
/** A `Game` from a plain triangle game's declaration: `triangleGame` with the plain options and fixed rules. */
function plainTriangleGame(spec) {
	return triangleGame({
		name: spec.name,
		optionsSchema: plainSlotOptionsSchema,
		rules: (o) => ({
			...spec.rules,
			...triangleRewardRules(o)
		}),
		prompt: () => spec.prompt
	});
}
/** Every game `triangleGame` made, so that agents written for the layout know its envs. */
const triangleGames = /* @__PURE__ */ new WeakSet();
/** The state of an env of a triangle game (for agents, which only read it), or null for another game's env. */
function triangleStateOf(env) {
	return triangleGames.has(env.game) ? env.rawState : null;
}
/** A `Game` from a triangle game's declaration. */
function triangleGame(spec) {
	const rulesOf = (o) => compileTriangleRules(spec.rules(o));
	const game = {
		name: spec.name,
		rulesOf,
		...layoutGameParts(spec.optionsSchema, rulesOf, createState, observationBounds),
		copyState,
		parseDeck: (deck) => parseStandardDeck(deck),
		reset: (s, _o, rng, deck) => resetState(s, rng, deck),
		legalActions,
		step: stepState,
		status,
		observe,
		outcome: (s) => outcome(s),
		expectedReturn: (result, o) => {
			const { won, cardsLeft } = result;
			const r = rulesOf(o);
			return r.rewardCards ? r.goalCards - cardsLeft : won ? 1 : 0;
		},
		describeAction: (s, _o, action) => describeAction(s, action),
		whyIllegal: (s, _o, action) => whyIllegal(s, action),
		render: (s) => render(s),
		toJSON: (s) => toJSON(s),
		fromJSON: (json, _o, s) => fromJSON(json, s),
		checkState: (s) => checkState(s),
		sameOutcome: false,
		actionCards: (s, _o, action) => actionCards(s, action),
		prompt: (s) => s.status === 0 && spec.prompt ? spec.prompt(s.rules) : "",
		board: (s) => board(s),
		stepNote: (s) => stepNote(s),
		unwinnable: (o) => unwinnable(rulesOf(o))
	};
	triangleGames.add(game);
	return game;
}
/** A win removes the triangle's cards, two at most a step: fewer steps than half of them win no deal. */
function unwinnable(r) {
	const slots = r.rows * (r.rows + 1) / 2;
	const least = Math.ceil(slots / 2);
	return r.maxSteps < least ? `a win removes the ${slots} cards of the ${r.name}, two at most a step, and maxSteps ${r.maxSteps} stops the game before ${least} steps` : null;
}
/** The seven rows' shape, built once. */
const SHAPE = triangleShape(7);
/** The slots (28), the cards the deal leaves for the talon (24), and the places of the waste's and the stock's tops. */
const SLOTS = SHAPE.slots;
const TALON_SIZE$1 = SHAPE.talonSize;
const WASTE$1 = SHAPE.waste;
SHAPE.stock;
/** The first single's id (a king at place p is KING_BASE + p), the draw's and the turn-over's. */
const KING_BASE$1 = SHAPE.singleBase;
const DRAW$1 = SHAPE.draw;
const RECYCLE$1 = SHAPE.recycle;
/** The two places of each pair id, and each slot's left cover and cover bits. */
const PAIR_FIRST$1 = SHAPE.pairFirst;
const PAIR_SECOND$1 = SHAPE.pairSecond;
const COVER_LEFT$1 = SHAPE.coverLeft;
const COVER_MASK$1 = SHAPE.coverMask;
// src/agents/triangle/geometry.ts
/**
* The pyramid's shape as bit arithmetic, for the searches: which slots are free, which lie over
* which. A slot's bit is 1 << slot (slot r(r+1)/2 + c is row r, card c; engine.ts).
*/
/** First slot of each row, and one past the last row. */
const ROW_START = [
	0,
	1,
	3,
	6,
	10,
	15,
	21,
	28
];
/** The slots of `present` that no present card covers. */
function freeSlots(present) {
	let covered = 0;
	for (let r = 0; r < 6; r++) {
		const below = present >>> ROW_START[r + 1] & (1 << r + 2) - 1;
		covered |= ((below | below >>> 1) & (1 << r + 1) - 1) << ROW_START[r];
	}
	return present & ~covered;
}
/** Bits of every slot lying over each slot, however far down (all that must go before it is free). */
const CONE = new Int32Array(SLOTS);
for (let i = SLOTS - 1; i >= 0; i--) if (COVER_LEFT$1[i] >= 0) CONE[i] = COVER_MASK$1[i] | CONE[COVER_LEFT$1[i]] | CONE[COVER_LEFT$1[i] + 1];
/** Slots above the bottom row (those a card can cover). */
const COVERABLE = (1 << ROW_START[6]) - 1;
/** The index of the lowest set bit (bits ≠ 0). */
const lowBit = (bits) => 31 - Math.clz32(bits & -bits);
/** The index of the highest set bit (bits ≠ 0). */
const highBit = (bits) => 31 - Math.clz32(bits);
function popCount(bits) {
	let n = 0;
	for (let b = bits; b !== 0; n++) b &= b - 1;
	return n;
}
// src/agents/triangle/common.ts
/**
* The env's engine state and compiled rules: any game over a triangle of seven rows with a talon (Pyramid and its
* kin); a clear error for an env of another game.
*/
function triangleEnv(env, agent) {
	checkPlaying(env, agent);
	const state = triangleStateOf(env);
	if (!state || state.rules.rows !== 7 || state.rules.talonSize !== TALON_SIZE$1) throw new TengymError("bad-argument", `agent "${agent}" plays Pyramid and its kin, not ${env.id}`);
	return {
		state,
		rules: state.rules
	};
}
/**
* `greedy`'s order of the legal moves, higher first: a king; then a removal by the pyramid cards
* it takes (×100) and the pyramid cards it uncovers (×10), taking the waste's top card before the
* stock's (which a draw would only move onto the waste); a draw or a turn-over last.
*/
function greedyRank$1(s, action) {
	if (action === DRAW$1 || action === RECYCLE$1) return 0;
	if (action >= KING_BASE$1) return 1e4 + (action - KING_BASE$1 < SLOTS ? 100 : 0);
	let taken = 0;
	let bonus = 0;
	for (const place of [PAIR_FIRST$1[action], PAIR_SECOND$1[action]]) if (place < SLOTS) taken |= 1 << place;
	else bonus += place === SLOTS ? 2 : 1;
	const uncovered = freeSlots(s.present & ~taken) & ~freeSlots(s.present);
	return 100 * popCount(taken) + 10 * popCount(uncovered) + bonus + 1;
}
/** Scores sorted best first (higher first; ties keep the lower id first, as the env lists them). */
function sortedScores(kind, actions, scores) {
	const list = actions.map((action, i) => ({
		action,
		score: scores[i]
	}));
	list.sort((x, y) => y.score - x.score || x.action - y.action);
	return {
		kind,
		actions: list
	};
}
/**
* A 32-bit hash of what a player sees: the pyramid's face-up cards, the waste in order, the stock's face-up top,
* the unseen cards' composition, the pass and the step. Never the order of the stock's face-down cards, nor which
* face-down card lies where.
*/
function seenHash$2(s) {
	let h = mix32(Math.imul(s.steps + 1, 2654435761) ^ s.pass << 8 ^ s.talonLen);
	const hidden = faceDownSlots(s.rules, s.present);
	for (let i = 0; i < SLOTS; i++) h = mix32(h + (s.cards[i] === 255 ? 255 : hidden >>> i & 1 ? 254 : s.cards[i]));
	for (let k = 0; k < s.cursor; k++) h = mix32(h ^ 256 + s.talon[k]);
	const faceUp = s.rules.topPlayable && s.cursor < s.talonLen;
	if (faceUp) h = mix32(h ^ 512 + s.talon[s.cursor]);
	let composition = 0;
	for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) composition += Math.imul(s.talon[k] + 1, 625341585) >>> 0;
	for (let x = hidden; x !== 0; x &= x - 1) composition += Math.imul(s.cards[lowBit(x)] + 1, 625341585) >>> 0;
	return mix32(h ^ (composition | 0)) >>> 0;
}
/** The index of the legal move `greedy` plays among the first n of `legal`. */
function greedyIndex(s, legal, n) {
	let best = 0;
	let bestRank = greedyRank$1(s, legal[0]);
	for (let i = 1; i < n; i++) {
		const rank = greedyRank$1(s, legal[i]);
		if (rank > bestRank) {
			best = i;
			bestRank = rank;
		}
	}
	return best;
}
// src/agents/triangle/greedy.ts
var GreedyAgent = class extends SeedlessAgent {
	name = "greedy";
	act(env) {
		const { state } = triangleEnv(env, this.name);
		return env.legal[greedyIndex(state, env.legal, env.legalCount)];
	}
	/**
	* Score: greedy's rank of each move (a king 10,000; 100 per pyramid card taken, 10 per card uncovered; a draw 0),
	* higher first.
	*/
	score(env) {
		const { state } = triangleEnv(env, this.name);
		const actions = env.legalActions();
		return sortedScores("heuristic", actions, actions.map((a) => greedyRank$1(state, a)));
	}
};
// src/agents/triangle/relaxed.ts
/**
* The relaxed game: Pyramid with every stock and waste card at hand whenever it is wanted (as if the
* stock could be searched through at will); on the last pass, with the waste as it is (only its top
* card at hand, a stack that only shrinks) and the stock's cards at hand. A position the relaxed game
* cannot win is lost in the real one, whatever the stock's order and the passes left: the solver
* (solver.ts) asks it before searching a position, and so cuts whole subtrees that draws and
* turn-overs would otherwise enumerate. It catches what a card-by-card check cannot: chains of cards
* that must each go before the other (a queen that can only go with an ace lying over another
* queen's only partners, and so on).
*
* Its position is the pyramid's bitmask, how many cards of each rank are at hand, and on the last
* pass the waste's cards (bits over the stock-and-waste sequence); it is searched depth first with
* its own transposition table, kings and pairs of ranks that can only go with each other taken at
* once, as in the solver.
*/
const WON$3 = 1;
const LOST$2 = 2;
const PROBES$2 = 16;
/** Three bits per rank A … Q: ranks 0–9 in the low word, 10–11 in the high one. */
function countOf(low, high, rank) {
	return rank < 10 ? low >>> 3 * rank & 7 : high >>> 3 * (rank - 10) & 7;
}
var RelaxedTriangle = class {
	goalAll;
	talonPairs;
	overlap;
	/** Searches since `load`; the relaxed game's positions searched in the last one. */
	nodes = 0;
	budget = 0;
	aborted = false;
	slotsOfRank = /* @__PURE__ */ new Int32Array(13);
	slotRank = new Int8Array(SLOTS);
	/** Rank at each position of the stock-and-waste sequence, and the positions of each rank. */
	talonRank = new Int8Array(TALON_SIZE$1);
	talonOfRank = /* @__PURE__ */ new Int32Array(13);
	table;
	spare = 0;
	constructor(goalAll, talonPairs, overlap, tableBits = 18) {
		this.goalAll = goalAll;
		this.talonPairs = talonPairs;
		this.overlap = overlap;
		this.table = new TranspositionTable(tableBits, 3);
	}
	/** A new deal (ranks by slot, -1 where empty; ranks of the stock-and-waste sequence): forgets the table. */
	load(slotRank, talonRank, talonLen) {
		this.slotsOfRank.fill(0);
		for (let i = 0; i < SLOTS; i++) {
			this.slotRank[i] = slotRank[i];
			if (slotRank[i] >= 0) this.slotsOfRank[slotRank[i]] |= 1 << i;
		}
		this.talonOfRank.fill(0);
		for (let k = 0; k < talonLen; k++) {
			this.talonRank[k] = talonRank[k];
			this.talonOfRank[talonRank[k]] |= 1 << k;
		}
		this.table.clear();
	}
	/**
	* Whether the relaxed game can reach the goal from `present` with the counts (`countOf`)
	* `low`/`high` of cards at hand and the waste `waste` (sequence positions, its top the highest;
	* 0 except on the last pass, where the waste's cards are not counted at hand). True also when
	* `budget` positions did not settle it.
	*/
	wins(present, low, high, waste, budget) {
		this.nodes = 0;
		this.budget = budget;
		this.aborted = false;
		const k1 = present | (high & 15) << 28;
		const k2 = low | high >>> 4 << 30;
		const slot = this.find(k1, k2, waste);
		if (slot >= 0) return this.table.val[slot] === WON$3;
		const won = this.search(present, low, high, waste);
		if (this.aborted) this.store(k1, k2, waste, WON$3);
		return won || this.aborted;
	}
	search(present, low, high, waste) {
		if (++this.nodes > this.budget) {
			this.aborted = true;
			return false;
		}
		let free = freeSlots(present);
		for (;;) {
			const kings = free & this.slotsOfRank[12];
			if (kings !== 0) {
				present &= ~kings;
				free = freeSlots(present);
				continue;
			}
			if (waste !== 0 && this.talonRank[highBit(waste)] === 12) {
				waste &= ~(1 << highBit(waste));
				continue;
			}
			let gone = false;
			for (let rank = 0; rank < 6 && !gone; rank++) {
				const cls = present & (this.slotsOfRank[rank] | this.slotsOfRank[11 - rank]);
				if (cls === 0 || (cls & ~free) !== 0 || (waste & (this.talonOfRank[rank] | this.talonOfRank[11 - rank])) !== 0) continue;
				const a = countOf(low, high, rank);
				const b = countOf(low, high, 11 - rank);
				if (a + b === 0) {
					present &= ~cls;
					gone = true;
				} else if (a + b === 1 && (cls & cls - 1) === 0) {
					present &= ~cls;
					const r = a === 1 ? rank : 11 - rank;
					low = takeLow(low, r);
					high = takeHigh(high, r);
					gone = true;
				}
			}
			if (!gone) break;
			free = freeSlots(present);
		}
		if (present === 0 && waste === 0) return !this.goalAll || this.talonPairs || low === 0 && high === 0;
		if (present === 0 && !this.goalAll) return true;
		if (this.goalAll && !this.talonPairs) {
			for (let rank = 0; rank < 12; rank++) if (countOf(low, high, rank) > popCount(present & this.slotsOfRank[11 - rank])) return false;
		}
		const k1 = present | (high & 15) << 28;
		const k2 = low | high >>> 4 << 30;
		const slot = this.find(k1, k2, waste);
		if (slot >= 0) return this.table.val[slot] === WON$3;
		const won = this.tryMoves(present, low, high, waste, free);
		if (!this.aborted || won) this.store(k1, k2, waste, won ? WON$3 : LOST$2);
		return won;
	}
	tryMoves(present, low, high, waste, free) {
		for (let rank = 0; rank < 6; rank++) {
			const a = free & this.slotsOfRank[rank];
			const b = free & this.slotsOfRank[11 - rank];
			for (let x = a; x !== 0; x &= x - 1) for (let y = b; y !== 0; y &= y - 1) if (this.search(present & ~(x & -x | y & -y), low, high, waste)) return true;
		}
		if (waste !== 0) {
			const top = highBit(waste);
			const want = 11 - this.talonRank[top];
			for (let y = free & this.slotsOfRank[want]; y !== 0; y &= y - 1) if (this.search(present & ~(y & -y), low, high, waste & ~(1 << top))) return true;
			if (this.talonPairs && countOf(low, high, want) > 0 && this.search(present, takeLow(low, want), takeHigh(high, want), waste & ~(1 << top))) return true;
		}
		if (this.overlap) for (let covered = present & ~free & COVERABLE; covered !== 0; covered &= covered - 1) {
			const i = lowBit(covered);
			const over = present & COVER_MASK$1[i];
			if ((over & over - 1) !== 0) continue;
			const c = over === 1 << COVER_LEFT$1[i] ? COVER_LEFT$1[i] : COVER_LEFT$1[i] + 1;
			if (free >>> c & 1 && this.slotRank[i] + this.slotRank[c] === 11 && this.search(present & ~(1 << i | 1 << c), low, high, waste)) return true;
		}
		for (let x = free & ~this.slotsOfRank[12]; x !== 0; x &= x - 1) {
			const want = 11 - this.slotRank[lowBit(x)];
			if (countOf(low, high, want) === 0) continue;
			if (this.search(present & ~(x & -x), takeLow(low, want), takeHigh(high, want), waste)) return true;
		}
		return false;
	}
	/** The slot holding the key in this generation, or -1; then `spare` is a slot to store it in. */
	find(k1, k2, k3) {
		const t = this.table;
		let h = mix32(k1 ^ mix32(k2 ^ mix32(k3 + 2654435769))) & t.mask;
		this.spare = h;
		for (let p = 0; p < PROBES$2; p++, h = h + 1 & t.mask) {
			if (t.gen[h] !== t.generation) {
				this.spare = h;
				break;
			}
			if (t.key1[h] === k1 && t.key2[h] === k2 && t.key3[h] === k3) return h;
		}
		return -1;
	}
	/** Stores a finished position (over the first probe's entry when its window is full). */
	store(k1, k2, k3, value) {
		const found = this.find(k1, k2, k3);
		const at = found >= 0 ? found : this.spare;
		this.table.put(at, k1, k2, value);
		this.table.key3[at] = k3;
	}
};
/** The low word of the counts with one card of `rank` fewer. */
const takeLow = (low, rank) => rank < 10 ? low - (1 << 3 * rank) : low;
/** The high word of the counts with one card of `rank` fewer. */
const takeHigh = (high, rank) => rank < 10 ? high : high - (1 << 3 * (rank - 10));
// src/agents/triangle/solver.ts
/**
* The exact solver of a Pyramid deal whose stock order is known: a depth-first search with a
* transposition table over the compact position (the pyramid's slots as a bitmask, the stock and
* waste as a bitmask over a fixed sequence with a cursor between them, the pass), used by the
* oracle (on the true deal) and by `pimc` (on sampled orders of the unseen cards).
*
* It answers whether the goal can still be reached (won or lost), stopping at the first win:
*
* - Kings are removed as soon as they are available, without branching: a king pairs with
*   nothing, so a position without it can do all that one with it can.
* - Draws and turn-overs are tried last. With unlimited passes a line of draws and turn-overs
*   alone comes back to where it started: a position met again on the search's path counts as
*   lost, which is exact because by then every removal of every position on that cycle has been
*   tried (the removals come first at each of them).
* - A position is lost, without search, when some rank cannot be matched with its partners
*   (ranks adding to 13): two pyramid cards where one lies under the other (beyond the overlap
*   pair), two stock-or-waste cards where those never meet (without pairs of the stock's and the
*   waste's top cards, or both in the waste on the last pass) can never go together. With goal
*   'all' every card needs a partner of its own (a perfect matching per pair of ranks); with goal
*   'pyramid' every pyramid card needs one.
* - A position is lost, too, when the relaxed game (relaxed.ts: every stock card at hand, the waste
*   as it is on the last pass) cannot reach the goal from it: that proves most lost deals at once,
*   where draws and turn-overs would otherwise be enumerated in every order.
* - Pairs of ranks whose cards left can only go with each other (all free pyramid cards, or two
*   available cards) are removed at once, as kings are.
* - The table is keyed by what the future depends on: the pyramid's bitmask, the pass (not with
*   unlimited passes), the stock-and-waste bitmask and the cursor (moved on to the stock's top).
*   Entries of older searches are dropped in O(1) by a generation stamp.
* - A node budget bounds a search (`SOLVE_BUDGET` by default: about a second on one core, a few
*   on a busy machine); one cut short answers "lost" and `aborted` says so. Without it one deal in
*   tens of thousands takes minutes (one took 797 s); with it, the oracle plays `greedy`'s move
*   where no move's solve finished, and research/pyramid-figures.ts counts such deals apart.
*/
/** The rules a search plays, from a seven-row triangle's compiled rules. */
function triangleSolverRules(r) {
	return {
		goalAll: r.goalAll,
		stockTopPlayable: r.topPlayable,
		talonPairs: r.talonPairs,
		overlap: r.overlapPairs,
		passes: r.passLimit,
		draw: r.talon.draw,
		idlePassEnds: r.talon.idlePassEnds === true
	};
}
/**
* With `idlePassEnds`, a search's `pass` carries this bit once a card was removed in the pass: the turn-over needs
* it, and the table keys it. Without the rule it is never set.
*/
const REMOVED_THIS_PASS = 1 << 30;
/** The pass a search starts from for a state: its number, with `REMOVED_THIS_PASS` where the rule needs it. */
function searchPass(rules, s) {
	return rules.idlePassEnds && s.removed > s.passStartRemoved ? s.pass | REMOVED_THIS_PASS : s.pass;
}
/** The cursor after a draw of `draw` cards from the stock of `talon` whose top is at `cursor` or past it. */
function drawnCursor(talon, cursor, draw) {
	let stock = talon & ~((1 << cursor) - 1);
	for (let k = 1; k < draw && (stock & stock - 1) !== 0; k++) stock &= stock - 1;
	return lowBit(stock) + 1;
}
const WON$2 = 1;
const LOST$1 = 2;
const IN_PROGRESS = 3;
const PROBES$1 = 32;
/** More decision points on one path than any game has (28 removals, 24 draws a pass, its turn-overs) with a margin. */
const MAX_DEPTH = 4e3;
/**
* Moves one solve applies at most by default: a deal that needs more is given up ("lost", with
* `aborted` set) after about a second on one core. 3,000 one-pass deals took at most 0.8 million.
*/
const SOLVE_BUDGET$1 = 3e6;
/** Relaxed positions one question to the relaxed game may search before it answers "maybe". */
const RELAXED_BUDGET = 2e4;
/**
* A deal loaded for search: the cards' ranks at fixed places (the pyramid's slots, and a sequence
* of stock and waste cards that only loses cards as the game goes on), and the search over it.
*/
var TriangleSolver = class {
	prune;
	rules;
	/** Moves applied in the current search. */
	nodes = 0;
	/** Whether the node budget ran out in the last search: its answer is then not exact. */
	aborted = false;
	budget = Infinity;
	slotRank = new Int8Array(SLOTS);
	talonRank = new Int8Array(TALON_SIZE$1);
	talonLen = 0;
	/** Slots, and sequence positions, holding each rank. */
	slotsOfRank = /* @__PURE__ */ new Int32Array(13);
	talonOfRank = /* @__PURE__ */ new Int32Array(13);
	/** Slots whose covers block a pair with them (all that lie over, less the overlap pair's). */
	block = new Int32Array(SLOTS);
	table;
	/** The relaxed game of this deal, asked before a position is searched. */
	relaxed;
	/** Scratch of the matching check. */
	compat = /* @__PURE__ */ new Int32Array(4);
	/** Where `find` says to store a position it did not find. */
	spare = -1;
	/** Decision points on the current path (a backstop: the table's marks end every cycle). */
	depth = 0;
	/**
	* `tableBits`: log2 of the table's entries (13 bytes each). `prune`: false searches every
	* position, with none of the shortcuts above but the kings (the tests' reference).
	*/
	constructor(rules, tableBits = 20, prune = true) {
		this.prune = prune;
		this.rules = rules;
		this.table = new TranspositionTable(tableBits);
		for (let i = 0; i < SLOTS; i++) this.block[i] = rules.overlap ? CONE[i] & ~COVER_MASK$1[i] : CONE[i];
		this.relaxed = new RelaxedTriangle(rules.goalAll, rules.talonPairs, rules.overlap, tableBits - 2);
	}
	/** Forgets every stored position (O(1)). */
	clear() {
		this.table.clear();
	}
	/**
	* Loads a deal: the rank of each slot's card (any value where the slot is empty) and of the
	* stock-and-waste sequence, oldest waste card first. Forgets the table.
	*/
	load(slotRank, talonRank, talonLen) {
		this.slotsOfRank.fill(0);
		this.talonOfRank.fill(0);
		for (let i = 0; i < SLOTS; i++) {
			this.slotRank[i] = slotRank[i];
			if (slotRank[i] >= 0 && slotRank[i] < 13) this.slotsOfRank[slotRank[i]] |= 1 << i;
		}
		this.relaxed.load(slotRank, talonRank, talonLen);
		this.talonLen = talonLen;
		for (let k = 0; k < talonLen; k++) {
			this.talonRank[k] = talonRank[k];
			this.talonOfRank[talonRank[k]] |= 1 << k;
		}
		this.clear();
	}
	/**
	* Whether the position can still reach the goal: `present` the slots with cards, `talon` the
	* sequence positions with cards, the waste below `cursor` (its top the highest), the stock from
	* `cursor` on, `pass` from 1. At most `budget` moves are applied (`aborted` says whether it ran out;
	* Infinity for an exact answer however long it takes).
	*/
	solve(present, talon, cursor, pass, budget = SOLVE_BUDGET$1) {
		this.nodes = 0;
		this.budget = budget;
		this.aborted = false;
		this.depth = 0;
		return this.search(present, talon, cursor, pass);
	}
	search(present, talon, cursor, pass) {
		const r = this.rules;
		if (++this.nodes > this.budget) {
			this.aborted = true;
			return false;
		}
		let free = freeSlots(present);
		const removedMark = r.idlePassEnds ? REMOVED_THIS_PASS : 0;
		for (;;) {
			if (r.goalAll ? present === 0 && talon === 0 : present === 0) return true;
			const kings = free & this.slotsOfRank[12];
			if (kings !== 0) {
				present &= ~kings;
				free = freeSlots(present);
				pass |= removedMark;
				continue;
			}
			const waste = talon & (1 << cursor) - 1;
			if (waste !== 0 && this.talonRank[highBit(waste)] === 12) {
				talon &= ~(1 << highBit(waste));
				pass |= removedMark;
				continue;
			}
			const stock = talon & ~((1 << cursor) - 1);
			if (r.stockTopPlayable && stock !== 0 && this.talonRank[lowBit(stock)] === 12) {
				talon &= ~(stock & -stock);
				pass |= removedMark;
				continue;
			}
			const wasteTop = waste === 0 ? -1 : highBit(waste);
			const stockTop = r.stockTopPlayable && stock !== 0 ? lowBit(stock) : -1;
			let gone = false;
			for (let rank = 0; rank < 6 && !gone && this.prune; rank++) {
				const cls = present & (this.slotsOfRank[rank] | this.slotsOfRank[11 - rank]);
				const inTalon = talon & (this.talonOfRank[rank] | this.talonOfRank[11 - rank]);
				if (inTalon === 0) {
					if (cls !== 0 && (cls & ~free) === 0) {
						present &= ~cls;
						gone = true;
					}
					continue;
				}
				if (popCount(cls) + popCount(inTalon) !== 2) continue;
				if (!((inTalon & ~((wasteTop >= 0 ? 1 << wasteTop : 0) | (stockTop >= 0 ? 1 << stockTop : 0))) === 0 && (cls & ~free) === 0) || cls === 0 && !r.talonPairs) continue;
				present &= ~cls;
				talon &= ~inTalon;
				gone = true;
			}
			if (gone) {
				free = freeSlots(present);
				pass |= removedMark;
				continue;
			}
			break;
		}
		const stock = talon & ~((1 << cursor) - 1);
		const stockTop = stock === 0 ? -1 : lowBit(stock);
		cursor = stockTop < 0 ? this.talonLen : stockTop;
		const waste = talon & (1 << cursor) - 1;
		const wasteTop = waste === 0 ? -1 : highBit(waste);
		const lastPass = (pass & -1073741825) >= r.passes;
		const k1 = present | (r.passes === Infinity ? 0 : pass & -1073741825) << 28;
		const k2 = talon | cursor << 24 | pass & REMOVED_THIS_PASS;
		const slot = this.find(k1, k2);
		if (slot >= 0) return this.table.val[slot] === WON$2;
		if (this.prune && (this.lost(present, talon, cursor, lastPass) || !this.relaxedWins(present, talon, cursor, lastPass))) {
			this.store(slot, k1, k2, LOST$1);
			return false;
		}
		if (this.depth >= MAX_DEPTH) {
			this.aborted = true;
			return false;
		}
		const at = this.store(slot, k1, k2, IN_PROGRESS);
		this.depth++;
		const won = this.tryMoves(present, talon, cursor, pass, free, wasteTop, r.stockTopPlayable ? stockTop : -1);
		this.depth--;
		if (this.aborted && !won) this.forget(at);
		else if (at >= 0) this.store(at, k1, k2, won ? WON$2 : LOST$1);
		return won;
	}
	/** The moves of a position, removals first: whether one of them wins. */
	tryMoves(present, talon, cursor, pass, free, wasteTop, stockTop) {
		const r = this.rules;
		const draws = pass;
		if (r.idlePassEnds) pass |= REMOVED_THIS_PASS;
		for (let rank = 0; rank < 6; rank++) {
			const a = free & this.slotsOfRank[rank];
			if (a === 0) continue;
			const b = free & this.slotsOfRank[11 - rank];
			for (let x = a; x !== 0; x &= x - 1) for (let y = b; y !== 0; y &= y - 1) if (this.search(present & ~(x & -x | y & -y), talon, cursor, pass)) return true;
		}
		if (r.overlap) for (let covered = present & ~free & COVERABLE; covered !== 0; covered &= covered - 1) {
			const i = lowBit(covered);
			const left = COVER_LEFT$1[i];
			const over = present & COVER_MASK$1[i];
			if ((over & over - 1) !== 0) continue;
			const c = over === 1 << left ? left : left + 1;
			if (free >>> c & 1 && this.slotRank[i] + this.slotRank[c] === 11 && this.search(present & ~(1 << i | 1 << c), talon, cursor, pass)) return true;
		}
		if (wasteTop >= 0 && this.withFreeCard(present, talon, cursor, pass, free, wasteTop)) return true;
		if (stockTop >= 0 && this.withFreeCard(present, talon, cursor, pass, free, stockTop)) return true;
		if (r.talonPairs && wasteTop >= 0 && stockTop >= 0 && this.talonRank[wasteTop] + this.talonRank[stockTop] === 11) {
			if (this.search(present, talon & ~(1 << wasteTop | 1 << stockTop), cursor, pass)) return true;
		}
		if (cursor < this.talonLen) return this.search(present, talon, r.draw === 1 ? cursor + 1 : drawnCursor(talon, cursor, r.draw), draws);
		const passNumber = draws & -1073741825;
		if (talon !== 0 && passNumber < r.passes && (!r.idlePassEnds || draws !== passNumber)) return this.search(present, talon, 0, passNumber + 1);
		return false;
	}
	/** Whether removing the stock-or-waste card at position `top` with a free pyramid card wins. */
	withFreeCard(present, talon, cursor, pass, free, top) {
		for (let y = free & this.slotsOfRank[11 - this.talonRank[top]]; y !== 0; y &= y - 1) if (this.search(present & ~(y & -y), talon & ~(1 << top), cursor, pass)) return true;
		return false;
	}
	/**
	* Whether the relaxed game (relaxed.ts: every stock and waste card at hand, but on the last
	* pass the waste as it is) still reaches the goal.
	*/
	relaxedWins(present, talon, cursor, lastPass) {
		const waste = lastPass ? talon & (1 << cursor) - 1 : 0;
		const hand = talon & ~waste;
		let low = 0;
		let high = 0;
		for (let rank = 0; rank < 10; rank++) low |= popCount(hand & this.talonOfRank[rank]) << 3 * rank;
		for (let rank = 10; rank < 12; rank++) high |= popCount(hand & this.talonOfRank[rank]) << 3 * (rank - 10);
		const budget = Math.min(RELAXED_BUDGET, Math.max(1, this.budget - this.nodes));
		const won = this.relaxed.wins(present, low, high, waste, budget);
		this.nodes += this.relaxed.nodes;
		return won;
	}
	/**
	* Whether some card can never be removed (the matching check in the doc comment above).
	* Stock and waste positions are bits of `talon`; those below `cursor` are the waste.
	*/
	lost(present, talon, cursor, lastPass) {
		const r = this.rules;
		const wasteBits = (1 << cursor) - 1;
		for (let rank = 0; rank < 6; rank++) {
			const pa = present & this.slotsOfRank[rank];
			const pb = present & this.slotsOfRank[11 - rank];
			const ta = talon & this.talonOfRank[rank];
			const tb = talon & this.talonOfRank[11 - rank];
			if (!r.goalAll && pa === 0 && pb === 0) continue;
			let n = 0;
			const bCount = popCount(pb) + popCount(tb);
			for (let x = pa; x !== 0; x &= x - 1) {
				const i = lowBit(x);
				let bits = 0;
				let k = 0;
				for (let y = pb; y !== 0; y &= y - 1, k++) {
					const j = lowBit(y);
					if (this.block[i] >>> j & 1 || this.block[j] >>> i & 1) continue;
					bits |= 1 << k;
				}
				bits |= (1 << bCount) - 1 & ~((1 << k) - 1);
				if (bits === 0) return true;
				this.compat[n++] = bits;
			}
			if (!r.goalAll) {
				for (let y = pb; y !== 0; y &= y - 1) {
					const j = lowBit(y);
					let ok = ta !== 0;
					for (let x = pa; x !== 0 && !ok; x &= x - 1) {
						const i = lowBit(x);
						ok = (this.block[i] >>> j & 1) === 0 && (this.block[j] >>> i & 1) === 0;
					}
					if (!ok) return true;
				}
				continue;
			}
			for (let x = ta; x !== 0; x &= x - 1) {
				const inWaste = wasteBits >>> lowBit(x) & 1;
				let bits = (1 << popCount(pb)) - 1;
				if (r.talonPairs) {
					let k = popCount(pb);
					for (let y = tb; y !== 0; y &= y - 1, k++) {
						if (lastPass && inWaste && wasteBits >>> lowBit(y) & 1) continue;
						bits |= 1 << k;
					}
				}
				if (bits === 0) return true;
				this.compat[n++] = bits;
			}
			if (!this.perfectMatching(n, 0)) return true;
		}
		return false;
	}
	/** Whether A cards i … n−1 can each take a distinct B card outside `used`. */
	perfectMatching(n, used, i = 0) {
		if (i === n) return true;
		for (let bits = this.compat[i] & ~used; bits !== 0; bits &= bits - 1) if (this.perfectMatching(n, used | bits & -bits, i + 1)) return true;
		return false;
	}
	/**
	* The slot holding (k1, k2) in this generation, or -1; then `spare` is where to store it: a slot
	* unused in this generation, else one holding a finished position (evicted), else -1.
	*/
	find(k1, k2) {
		const t = this.table;
		let h = mix32(k1 ^ mix32(k2 + 2654435769)) & t.mask;
		let unused = -1;
		let evict = -1;
		for (let p = 0; p < PROBES$1; p++, h = h + 1 & t.mask) if (t.gen[h] !== t.generation) {
			if (unused < 0) unused = h;
		} else if (t.key1[h] === k1 && t.key2[h] === k2) return h;
		else if (evict < 0 && t.val[h] !== IN_PROGRESS) evict = h;
		this.spare = unused >= 0 ? unused : evict;
		return -1;
	}
	/** Stores a value at `slot` (from `find`; -1: at its spare); returns the slot used, or -1 when none was free. */
	store(slot, k1, k2, value) {
		const at = slot >= 0 ? slot : this.spare;
		if (at < 0) return -1;
		this.table.put(at, k1, k2, value);
		return at;
	}
	forget(at) {
		if (at >= 0) this.table.gen[at] = 0;
	}
};
// src/agents/triangle/deal.ts
/**
* The position after the engine's `action` (legal in `p`), written into `out` (which may be `p`).
* Places are the engine's: the waste's top is the highest position with a card below the cursor,
* the stock's top the lowest from it.
*/
function applyAction(p, action, out, rules) {
	const below = (1 << p.cursor) - 1;
	const waste = p.talon & below;
	const stock = p.talon & ~below;
	let present = p.present;
	let talon = p.talon;
	let cursor = p.cursor;
	let pass = p.pass;
	const take = (place) => {
		if (place < SLOTS) present &= ~(1 << place);
		else talon &= ~(place === WASTE$1 ? 1 << highBit(waste) : stock & -stock);
	};
	if (action === DRAW$1) cursor = drawnCursor(p.talon, p.cursor, rules?.draw ?? 1);
	else if (action === RECYCLE$1) {
		cursor = 0;
		pass = (pass & -1073741825) + 1;
	} else {
		if (action >= KING_BASE$1) take(action - KING_BASE$1);
		else {
			take(PAIR_FIRST$1[action]);
			take(PAIR_SECOND$1[action]);
		}
		if (rules?.idlePassEnds) pass |= REMOVED_THIS_PASS;
	}
	out.present = present;
	out.talon = talon;
	out.cursor = cursor;
	out.pass = pass;
	return out;
}
/** Loads an engine state into `solver` as it stands (the stock's true order); returns its position. */
function loadState(solver, s) {
	const ranks = new Int8Array(SLOTS);
	for (let i = 0; i < SLOTS; i++) ranks[i] = s.cards[i] === 255 ? -1 : s.cards[i] >> 2;
	const talon = new Int8Array(s.talonLen);
	for (let k = 0; k < s.talonLen; k++) talon[k] = s.talon[k] >> 2;
	solver.load(ranks, talon, s.talonLen);
	return {
		present: s.present,
		talon: (1 << s.talonLen) - 1,
		cursor: s.cursor,
		pass: searchPass(solver.rules, s)
	};
}
/**
* A deal loaded into a solver and kept while a game goes on from it, so that the table's values
* serve every later position: the triangle's cards stay where they were and the stock and waste
* only lose cards, in order. `position` reloads the solver when the state is another deal.
*/
var KnownDeal = class {
	slots = new Uint8Array(SLOTS);
	talon = new Uint8Array(TALON_SIZE$1);
	length = -1;
	solver = null;
	/** Deals loaded so far: a new number whenever `position` loads another deal. */
	loads = 0;
	/** Forgets the deal (the next `position` loads afresh). */
	forget() {
		this.length = -1;
	}
	/**
	* The state's position in the deal `solver` holds (loading the state's deal into it when it is another), written
	* into `out`.
	*/
	position(solver, s, out) {
		if (solver !== this.solver || !this.holds(s)) {
			this.solver = solver;
			this.slots.set(s.cards);
			this.talon.set(s.talon.subarray(0, s.talonLen));
			this.length = s.talonLen;
			this.loads++;
			loadState(solver, s);
		}
		let talon = 0;
		let cursor = this.length;
		for (let k = 0, at = 0; k < s.talonLen; k++, at++) {
			while (this.talon[at] !== s.talon[k]) at++;
			talon |= 1 << at;
			if (k === s.cursor) cursor = at;
		}
		out.present = s.present;
		out.talon = talon;
		out.cursor = cursor;
		out.pass = searchPass(solver.rules, s);
		return out;
	}
	/** Whether the state's cards are where the deal had them (its stock and waste a subsequence of the deal's). */
	holds(s) {
		if (this.length < 0) return false;
		for (let i = 0; i < SLOTS; i++) if (s.cards[i] !== 255 && s.cards[i] !== this.slots[i]) return false;
		let at = 0;
		for (let k = 0; k < s.talonLen; k++, at++) {
			while (at < this.length && this.talon[at] !== s.talon[k]) at++;
			if (at === this.length) return false;
		}
		return true;
	}
};
// src/agents/triangle/oracle.ts
var OracleAgent$1 = class {
	name = "oracle";
	fair = false;
	budget;
	tableBits;
	solver = null;
	rulesKey = "";
	/** The deal the table was filled for. */
	deal = new KnownDeal();
	root = {
		present: 0,
		talon: 0,
		cursor: 0,
		pass: 1
	};
	child = {
		present: 0,
		talon: 0,
		cursor: 0,
		pass: 1
	};
	/** The deal (`KnownDeal.loads`) given up when the budget ran out, or -1. */
	givenUp = -1;
	constructor(config = {}) {
		this.budget = config.budget ?? 3e6;
		this.tableBits = config.tableBits ?? 20;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
		this.deal.forget();
	}
	act(env) {
		const { state, rules } = triangleEnv(env, this.name);
		if (env.legalCount === 1) return env.legal[0];
		const wins = this.wins(env, state, rules);
		let best = -1;
		for (let i = 0; i < env.legalCount; i++) if (wins[i] && (best < 0 || greedyRank$1(state, env.legal[i]) > greedyRank$1(state, env.legal[best]))) best = i;
		return env.legal[best >= 0 ? best : greedyIndex(state, env.legal, env.legalCount)];
	}
	/** Score: 1 for a move after which the deal can still be won, else 0 (`greedy`'s order among equals). */
	score(env) {
		const { state, rules } = triangleEnv(env, this.name);
		const wins = this.wins(env, state, rules);
		const actions = env.legalActions().map((action, i) => ({
			action,
			score: wins[i] ? 1 : 0,
			rank: greedyRank$1(state, action)
		}));
		actions.sort((x, y) => y.score - x.score || y.rank - x.rank);
		return {
			kind: "win-probability",
			actions: actions.map(({ action, score }) => ({
				action,
				score
			}))
		};
	}
	/** Whether the deal can still be won after each legal move, in the env's legal order. */
	wins(env, state, rules) {
		const solver = this.solverFor(rules);
		this.deal.position(solver, state, this.root);
		const out = [];
		if (this.deal.loads === this.givenUp) return env.legalActions().map(() => false);
		let left = this.budget;
		let ranOut = false;
		for (let i = 0; i < env.legalCount; i++) {
			if (left <= 0) {
				out.push(false);
				ranOut = true;
				continue;
			}
			const c = applyAction(this.root, env.legal[i], this.child, solver.rules);
			out.push(solver.solve(c.present, c.talon, c.cursor, c.pass, left));
			left -= solver.nodes;
			ranOut ||= solver.aborted;
		}
		if (ranOut && !out.includes(true)) this.givenUp = this.deal.loads;
		return out;
	}
	solverFor(rules) {
		const key = JSON.stringify(triangleSolverRules(rules));
		if (this.solver === null || key !== this.rulesKey) {
			this.solver = new TriangleSolver(triangleSolverRules(rules), this.tableBits);
			this.rulesKey = key;
		}
		return this.solver;
	}
};
// src/agents/triangle/pimc.ts
/**
* `pimc` — the fair search (perfect-information Monte Carlo). On the first pass the stock's
* face-down cards are unseen: at a decision it deals K orders of them (their composition, which
* a player knows, shuffled with the agent's own seeded generator from a fixed order, so the true
* order cannot leak in), solves the position after each legal move exactly on every sampled deal
* (solver.ts, at most `budget` moves a solve) and plays the move that wins the most samples; ties
* go to `greedy`'s order. A king is removed at once: nothing is lost by it.
*
* From the second pass on nothing is unseen: the stock is the waste turned over, whose order the
* player saw form. Then one "sample" is the true deal, solved with `endgameBudget`, and the table
* is kept from move to move. The waste's order is always known (the player laid it).
*
* `score` is the fraction of samples each move still wins ('win-probability').
*
* The samples at a decision come from a generator seeded by the episode's seed and what the
* player sees there (`seenHash`), never by the calls made before: `act` and `score` agree on a
* position, and a hint for a position is the same whoever asks and whatever was asked before.
*/
/** The defaults: a hint in a few milliseconds, at most tens (docs/agents.md: the measured latency). */
const PIMC_CONFIG = {
	samples: 16,
	budget: 1500,
	decisionBudget: 24e3,
	endgameBudget: 1e5
};
var PimcAgent$1 = class {
	name;
	fair = true;
	config;
	seed = 0;
	solver = null;
	rulesKey = "";
	slotRank = new Int8Array(SLOTS);
	talonRank = new Int8Array(TALON_SIZE$1);
	unseen = new Uint8Array(TALON_SIZE$1 + SLOTS);
	root = {
		present: 0,
		talon: 0,
		cursor: 0,
		pass: 1
	};
	child = {
		present: 0,
		talon: 0,
		cursor: 0,
		pass: 1
	};
	/** When nothing is unseen: the true deal the table holds values for. */
	deal = new KnownDeal();
	constructor(config = {}, name = "pimc") {
		this.config = {
			...PIMC_CONFIG,
			...config
		};
		this.name = name;
	}
	reset(seed) {
		this.seed = validateSeed(seed, `agent "${this.name}" seed`);
		this.deal.forget();
	}
	act(env) {
		const { state, rules } = triangleEnv(env, this.name);
		if (env.legalCount === 1) return env.legal[0];
		for (let i = 0; i < env.legalCount; i++) if (env.legal[i] >= KING_BASE$1 && env.legal[i] < DRAW$1) return env.legal[i];
		const wins = this.tally(env, state, rules);
		let best = 0;
		for (let i = 1; i < env.legalCount; i++) if (this.better(state, env.legal, wins, i, best)) best = i;
		return env.legal[best];
	}
	/** Score: the fraction of sampled deals in which the move still wins. */
	score(env) {
		const { state, rules } = triangleEnv(env, this.name);
		const wins = this.tally(env, state, rules);
		const samples = this.unseenCount(state, rules) > 1 ? this.config.samples : 1;
		const order = Array.from({ length: env.legalCount }, (_, i) => i);
		order.sort((a, b) => this.better(state, env.legal, wins, a, b) ? -1 : this.better(state, env.legal, wins, b, a) ? 1 : 0);
		return {
			kind: "win-probability",
			actions: order.map((i) => ({
				action: env.legal[i],
				score: wins[i] / samples
			})),
			...samples > 1 ? { samples } : {}
		};
	}
	better(state, legal, wins, i, j) {
		if (wins[i] !== wins[j]) return wins[i] > wins[j];
		return greedyRank$1(state, legal[i]) > greedyRank$1(state, legal[j]);
	}
	/** The stock's face-down cards on the first pass (unseen), else 0. */
	hiddenStock(s, r) {
		if (s.pass > 1) return 0;
		return s.talonLen - s.cursor - (r.topPlayable && s.cursor < s.talonLen ? 1 : 0);
	}
	/** The cards a player has not seen: the stock's face-down ones and the pyramid's face-down ones. */
	unseenCount(s, r) {
		return this.hiddenStock(s, r) + popCount(faceDownSlots(r, s.present));
	}
	/** Samples in which each legal move still wins. */
	tally(env, s, r) {
		const solver = this.solverFor(r);
		const wins = new Float64Array(env.legalCount);
		const hidden = this.hiddenStock(s, r);
		const hiddenSlots = faceDownSlots(r, s.present);
		const unseen = hidden + popCount(hiddenSlots);
		if (unseen <= 1) {
			this.deal.position(solver, s, this.root);
			let left = this.config.endgameBudget;
			for (let i = 0; i < env.legalCount && left > 0; i++) {
				wins[i] = this.solveAfter(solver, env.legal[i], left) ? 1 : 0;
				left -= solver.nodes;
			}
			return wins;
		}
		this.deal.forget();
		for (let i = 0; i < SLOTS; i++) this.slotRank[i] = s.cards[i] === 255 ? -1 : s.cards[i] >> 2;
		for (let k = 0; k < s.talonLen; k++) this.talonRank[k] = s.talon[k] >> 2;
		this.root.present = s.present;
		this.root.talon = (1 << s.talonLen) - 1;
		this.root.cursor = s.cursor;
		this.root.pass = searchPass(solver.rules, s);
		const first = s.talonLen - hidden;
		const cards = Array.from(s.talon.subarray(first, s.talonLen));
		for (let x = hiddenSlots; x !== 0; x &= x - 1) cards.push(s.cards[lowBit(x)]);
		cards.sort((a, b) => a - b);
		const rng = createRng(deriveSeed(this.seed, seenHash$2(s)));
		const budget = Math.max(1, Math.min(this.config.budget, Math.floor(this.config.decisionBudget / (this.config.samples * env.legalCount))));
		for (let k = 0; k < this.config.samples; k++) {
			this.unseen.set(cards);
			shuffleInPlace(rng, this.unseen, unseen);
			for (let j = 0; j < hidden; j++) this.talonRank[first + j] = this.unseen[j] >> 2;
			for (let x = hiddenSlots, j = hidden; x !== 0; x &= x - 1, j++) this.slotRank[lowBit(x)] = this.unseen[j] >> 2;
			solver.load(this.slotRank, this.talonRank, s.talonLen);
			for (let i = 0; i < env.legalCount; i++) if (this.solveAfter(solver, env.legal[i], budget)) wins[i]++;
		}
		return wins;
	}
	solveAfter(solver, action, budget) {
		const c = applyAction(this.root, action, this.child, solver.rules);
		return solver.solve(c.present, c.talon, c.cursor, c.pass, budget);
	}
	solverFor(rules) {
		const key = JSON.stringify(triangleSolverRules(rules));
		if (this.solver === null || key !== this.rulesKey) {
			this.solver = new TriangleSolver(triangleSolverRules(rules), 18);
			this.rulesKey = key;
			this.deal.forget();
		}
		return this.solver;
	}
};
// src/agents/triangle/open-solver.ts
const WON$1 = 1;
const LOST = 2;
const PROBES = 8;
/** Moves one solve applies at most by default. */
const OPEN_SOLVE_BUDGET = 2e6;
/** A deal of a triangle beside open piles, loaded for search (`load`), and the exact search (`solve`). */
var OpenTriangleSolver = class {
	rules;
	/** Moves applied in the last search, and whether its budget ran out (its answer is then not exact). */
	nodes = 0;
	aborted = false;
	budget = OPEN_SOLVE_BUDGET;
	table;
	slotRank = new Int8Array(SLOTS);
	/** Pile p's card k (from its bottom) at p · height + k: its rank, -1 for none. */
	pileRank;
	pileCard;
	slotCard = new Uint8Array(SLOTS);
	slotsOfRank = /* @__PURE__ */ new Int32Array(13);
	height;
	heightBits;
	heightMask;
	/** Scratch of the matching check: compatible partners of each card, as bits over the partner list. */
	compat = /* @__PURE__ */ new Int32Array(8);
	partnerSlot = /* @__PURE__ */ new Int32Array(8);
	partnerPile = /* @__PURE__ */ new Int32Array(8);
	loaded = false;
	constructor(rules, tableBits = 20) {
		this.rules = rules;
		this.table = new TranspositionTable(tableBits);
		this.height = rules.pileRow.height;
		this.heightBits = 32 - Math.clz32(this.height);
		this.heightMask = (1 << this.heightBits) - 1;
		if (rules.pileCount * this.heightBits > 31) throw new RangeError("too many piles for a one-word key");
		this.pileRank = new Int8Array(rules.pileCount * this.height);
		this.pileCard = new Uint8Array(rules.pileCount * this.height);
	}
	/**
	* Loads a state's deal and returns its position. The table is kept when the state is a later position of the
	* deal loaded before (its cards where they were): its keys name every position that deal reaches alike.
	*/
	load(s) {
		const r = this.rules;
		let same = this.loaded;
		for (let i = 0; i < SLOTS && same; i++) same = s.cards[i] === 255 || s.cards[i] === this.slotCard[i];
		for (let p = 0; p < r.pileCount && same; p++) for (let k = 0; k < s.piles.heights[p]; k++) same &&= s.piles.cards[p * this.height + k] === this.pileCard[p * this.height + k];
		if (!same) {
			this.table.clear();
			this.slotsOfRank.fill(0);
			for (let i = 0; i < SLOTS; i++) {
				this.slotCard[i] = s.cards[i];
				this.slotRank[i] = s.cards[i] === 255 ? -1 : s.cards[i] >> 2;
				if (s.cards[i] !== 255) this.slotsOfRank[s.cards[i] >> 2] |= 1 << i;
			}
			for (let k = 0; k < this.pileRank.length; k++) {
				this.pileCard[k] = s.piles.cards[k];
				this.pileRank[k] = s.piles.cards[k] === 255 ? -1 : s.piles.cards[k] >> 2;
			}
			this.loaded = true;
		}
		let heights = 0;
		for (let p = 0; p < r.pileCount; p++) heights |= s.piles.heights[p] << p * this.heightBits;
		return {
			present: s.present,
			heights
		};
	}
	/** The position after an engine action (legal there), written into `out`. */
	after(p, action, out) {
		const r = this.rules;
		let present = p.present;
		let heights = p.heights;
		const take = (place) => {
			if (place < SLOTS) present &= ~(1 << place);
			else heights -= 1 << (place - r.pileBase) * this.heightBits;
		};
		if (action >= r.singleBase) take(action - r.singleBase);
		else {
			take(r.pairFirst[action]);
			take(r.pairSecond[action]);
		}
		out.present = present;
		out.heights = heights;
		return out;
	}
	/** Whether the position can still be won; at most `budget` moves are applied (`aborted` says whether it ran out). */
	solve(p, budget = OPEN_SOLVE_BUDGET) {
		this.nodes = 0;
		this.budget = budget;
		this.aborted = false;
		return this.search(p.present, p.heights);
	}
	heightOf(heights, p) {
		return heights >>> p * this.heightBits & this.heightMask;
	}
	/** The rank of pile p's top card, -1 when it is empty. */
	topRank(heights, p) {
		const h = this.heightOf(heights, p);
		return h === 0 ? -1 : this.pileRank[p * this.height + h - 1];
	}
	search(present, heights) {
		const r = this.rules;
		if (++this.nodes > this.budget) {
			this.aborted = true;
			return false;
		}
		let free = freeSlots(present);
		for (let changed = true; changed;) {
			changed = false;
			const kings = free & this.slotsOfRank[12];
			if (kings !== 0) {
				present &= ~kings;
				changed = true;
			}
			for (let p = 0; p < r.pileCount; p++) if (this.topRank(heights, p) === 12) {
				heights -= 1 << p * this.heightBits;
				changed = true;
			}
			if (!changed && this.allAvailable(present, free, heights)) {
				present = this.nextPresent;
				heights = this.nextHeights;
				changed = true;
			}
			if (changed) free = freeSlots(present);
		}
		if (present === 0 && heights === 0) return true;
		const slot = this.find(present, heights);
		if (slot >= 0) return this.table.val[slot] === WON$1;
		if (this.lost(present, heights)) {
			this.store(present, heights, LOST);
			return false;
		}
		const won = this.tryMoves(present, heights, free);
		if (!this.aborted || won) this.store(present, heights, won ? WON$1 : LOST);
		return won;
	}
	/** Set by `allAvailable`: the position after the cards it took. */
	nextPresent = 0;
	nextHeights = 0;
	/** Whether some pair of ranks has all its cards left available; then takes them all into `next…`. */
	allAvailable(present, free, heights) {
		const r = this.rules;
		for (let rank = 0; rank <= 11 - rank; rank++) {
			const other = 11 - rank;
			const inSlots = present & (this.slotsOfRank[rank] | this.slotsOfRank[other]);
			if ((inSlots & ~free) !== 0) continue;
			let tops = 0;
			let buried = false;
			let any = inSlots !== 0;
			for (let p = 0; p < r.pileCount && !buried; p++) {
				const h = this.heightOf(heights, p);
				for (let k = 0; k < h; k++) {
					const q = this.pileRank[p * this.height + k];
					if (q !== rank && q !== other) continue;
					any = true;
					if (k < h - 1) buried = true;
					else tops += 1 << p * this.heightBits;
				}
			}
			if (buried || !any) continue;
			this.nextPresent = present & ~inSlots;
			this.nextHeights = heights - tops;
			return true;
		}
		return false;
	}
	/** The removals of a position: whether one of them wins. */
	tryMoves(present, heights, free) {
		const r = this.rules;
		const bits = this.heightBits;
		for (let rank = 0; rank < 6; rank++) {
			const other = 11 - rank;
			const a = free & this.slotsOfRank[rank];
			const b = free & this.slotsOfRank[other];
			for (let x = a; x !== 0; x &= x - 1) for (let y = b; y !== 0; y &= y - 1) if (this.search(present & ~(x & -x | y & -y), heights)) return true;
			for (let p = 0; p < r.pileCount; p++) {
				const t = this.topRank(heights, p);
				if (t !== rank && t !== other) continue;
				const less = heights - (1 << p * bits);
				for (let y = free & this.slotsOfRank[11 - t]; y !== 0; y &= y - 1) if (this.search(present & ~(y & -y), less)) return true;
				for (let q = p + 1; q < r.pileCount; q++) if (this.topRank(heights, q) === 11 - t && this.search(present, less - (1 << q * bits))) return true;
			}
		}
		return false;
	}
	/**
	* Whether the cards of some pair of ranks cannot be matched each with a partner it can meet (the doc comment
	* above): a perfect matching of at most four cards with four.
	*/
	lost(present, heights) {
		const r = this.rules;
		for (let rank = 0; rank < 6; rank++) {
			const other = 11 - rank;
			let m = 0;
			for (let y = present & this.slotsOfRank[other]; y !== 0; y &= y - 1, m++) {
				this.partnerSlot[m] = lowBit(y);
				this.partnerPile[m] = -1;
			}
			for (let p = 0; p < r.pileCount; p++) for (let k = this.heightOf(heights, p) - 1; k >= 0; k--) if (this.pileRank[p * this.height + k] === other) {
				this.partnerSlot[m] = -1;
				this.partnerPile[m++] = p;
			}
			let n = 0;
			for (let x = present & this.slotsOfRank[rank]; x !== 0; x &= x - 1) {
				const i = lowBit(x);
				let ok = 0;
				for (let j = 0; j < m; j++) {
					const s = this.partnerSlot[j];
					if (s < 0 || (CONE[i] >>> s & 1) === 0 && (CONE[s] >>> i & 1) === 0) ok |= 1 << j;
				}
				if (ok === 0) return true;
				this.compat[n++] = ok;
			}
			for (let p = 0; p < r.pileCount; p++) for (let k = this.heightOf(heights, p) - 1; k >= 0; k--) if (this.pileRank[p * this.height + k] === rank) {
				let ok = 0;
				for (let j = 0; j < m; j++) if (this.partnerPile[j] !== p) ok |= 1 << j;
				if (ok === 0) return true;
				this.compat[n++] = ok;
			}
			if (n !== m || !this.matching(n, 0, 0)) return true;
		}
		return false;
	}
	/** Whether cards i … n−1 can each take a distinct partner outside `used`. */
	matching(n, used, i) {
		if (i === n) return true;
		for (let bits = this.compat[i] & ~used; bits !== 0; bits &= bits - 1) if (this.matching(n, used | bits & -bits, i + 1)) return true;
		return false;
	}
	hash(present, heights) {
		return mix32(present ^ mix32(heights + 2654435769)) & this.table.mask;
	}
	/** The entry holding the position, or -1. */
	find(present, heights) {
		const t = this.table;
		for (let p = 0, h = this.hash(present, heights); p < PROBES; p++, h = h + 1 & t.mask) {
			if (t.gen[h] !== t.generation) return -1;
			if (t.key1[h] === present && t.key2[h] === heights) return h;
		}
		return -1;
	}
	store(present, heights, value) {
		const t = this.table;
		let h = this.hash(present, heights);
		for (let p = 0; p < 7 && t.gen[h] === t.generation; p++) h = h + 1 & t.mask;
		t.put(h, present, heights, value);
	}
};
// src/agents/triangle/open.ts
/** The env's state: a triangle of seven rows beside piles, without a stock; a clear error for another env. */
function openTriangleState(env, agent) {
	checkPlaying(env, agent);
	const state = triangleStateOf(env);
	if (!state || state.rules.rows !== 7 || state.rules.hasTalon) throw new TengymError("bad-argument", `agent "${agent}" plays a pyramid beside open piles, not ${env.id}`);
	return state;
}
/**
* `greedy`'s rank of a move, higher first: a king 10,000; else 100 per pyramid card taken, 10 per pyramid card it
* uncovers, and the heights of the piles it takes from (a taller pile hides more).
*/
function openGreedyRank(s, action) {
	const r = s.rules;
	const places = action >= r.singleBase ? [action - r.singleBase] : [r.pairFirst[action], r.pairSecond[action]];
	if (places.length === 1) return 1e4;
	let taken = 0;
	let piles = 0;
	for (const place of places) if (place < r.slots) taken |= 1 << place;
	else piles += s.piles.heights[place - r.pileBase];
	const uncovered = freeSlots(s.present & ~taken) & ~freeSlots(s.present);
	return 100 * popCount(taken) + 10 * popCount(uncovered) + piles;
}
var OpenGreedyAgent = class extends SeedlessAgent {
	name = "greedy";
	act(env) {
		return this.score(env).actions[0].action;
	}
	/** Score: greedy's rank of each move (a king 10,000; 100 per pyramid card taken, 10 per card uncovered). */
	score(env) {
		const s = openTriangleState(env, this.name);
		const actions = env.legalActions();
		return sortedScores("heuristic", actions, actions.map((a) => openGreedyRank(s, a)));
	}
};
var OpenSolverAgent = class extends SeedlessAgent {
	name = "solver";
	solver = null;
	child = {
		present: 0,
		heights: 0
	};
	/** The first move in `greedy`'s order after which the deal can still be won; `greedy`'s move where none is. */
	act(env) {
		const s = openTriangleState(env, this.name);
		const order = sortedScores("heuristic", env.legalActions(), env.legalActions().map((a) => openGreedyRank(s, a))).actions;
		if (order.length === 1) return order[0].action;
		const solver = this.solverFor(s.rules);
		const root = solver.load(s);
		for (const { action } of order) if (solver.solve(solver.after(root, action, this.child))) return action;
		return order[0].action;
	}
	/** Score: 1 for a move after which the deal can still be won, 0 for one after which it cannot, 0.5 unknown. */
	score(env) {
		const s = openTriangleState(env, this.name);
		const solver = this.solverFor(s.rules);
		const root = solver.load(s);
		const actions = env.legalActions();
		const wins = actions.map((a) => {
			return solver.solve(solver.after(root, a, this.child), 2e6) ? 1 : solver.aborted ? .5 : 0;
		});
		const list = actions.map((action, i) => ({
			action,
			score: wins[i],
			rank: openGreedyRank(s, action)
		}));
		list.sort((x, y) => y.score - x.score || y.rank - x.rank || x.action - y.action);
		return {
			kind: "win-probability",
			actions: list.map(({ action, score }) => ({
				action,
				score
			}))
		};
	}
	solverFor(rules) {
		if (this.solver?.rules !== rules) this.solver = new OpenTriangleSolver(rules);
		return this.solver;
	}
};
/** The agents for the engines `games` (each a triangle of seven rows beside open piles, without a stock). */
const openTriangleAgents = (games) => [{
	name: "greedy",
	description: "a king at once; else the removal that takes the most pyramid cards, then uncovers the most, then takes from the tallest piles",
	fair: true,
	games,
	create: () => new OpenGreedyAgent()
}, {
	name: "solver",
	description: "the exact solver of the open deal: a move after which the deal can still be won, the greedy choice among them",
	fair: true,
	games,
	create: () => new OpenSolverAgent()
}];
// src/agents/triangle/index.ts
/**
* Whether `better` is a king and `worse` is not (`GameKit.dominates`): in a triangle only a king goes alone. It pairs
* with nothing, so taking it only frees the cards it covers, or the next card of the talon: whatever line follows
* another move, the same line after the king does at least as well. Hints never rank a king below another move.
*/
const kingDominates = (env, better, worse) => env.actionCards(better).length === 1 && env.actionCards(worse).length !== 1;
/** The agents for the engines `games` (each a triangle of seven rows with a talon). */
const triangleAgents = (games) => [
	{
		name: "greedy",
		description: "a king at once; else the removal that takes the most pyramid cards, then uncovers the most; draws only when nothing can be removed",
		fair: true,
		games,
		create: () => new GreedyAgent()
	},
	{
		name: "pimc",
		description: "determinized search: solves sampled deals of the unseen cards (the stock's order, any face-down cards) exactly and plays the move that wins in the most samples; exact once nothing is unseen",
		fair: true,
		games,
		create: () => new PimcAgent$1()
	},
	{
		name: "oracle",
		description: "CHEATS, sees the stock order and any face-down cards: the exact solver on the true deal. The upper bound for the fair agents, not a fair agent",
		fair: false,
		games,
		create: () => new OracleAgent$1()
	}
];
/**
* The kit of a game over a triangle of seven rows with a talon: these agents, `greedy` the simple heuristic, `pimc`
* the fair search that ranks hints, `oracle` the exact solver on the true deal, and kings ranked first.
*/
function triangleKit(game, parts) {
	const role = parts.hintRole ?? "a search that plays out many guesses of the unseen stock cards";
	return {
		agents: triangleAgents([game]),
		simpleBaseline: "greedy",
		searches: ["pimc"],
		solver: "oracle",
		...parts.difficultyThirds ? { difficultyThirds: parts.difficultyThirds } : {},
		ladders: parts.ladders,
		hintBaseline: (_env, baseline) => baseline("pimc", role),
		dominates: kingDominates
	};
}
// node_modules/zod/v4/classic/errors.js
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
	Object.defineProperty(proto, key, {
		configurable: true,
		enumerable: false,
		get() {
			const value = make(this);
			Object.defineProperty(this, key, {
				value,
				configurable: true,
				writable: true
			});
			return value;
		},
		set(value) {
			Object.defineProperty(this, key, {
				value,
				configurable: true,
				writable: true
			});
		}
	});
}
const initializer = (inst, issues) => {
	$ZodError.init(inst, issues);
	inst.name = "ZodError";
	const proto = Object.getPrototypeOf(inst);
	if (_installedErrorProtos.has(proto)) return;
	_installedErrorProtos.add(proto);
	_lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
	_lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
	_lazyMethod(proto, "addIssue", (self) => (issue) => {
		self.issues.push(issue);
		self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
	});
	_lazyMethod(proto, "addIssues", (self) => (issues) => {
		self.issues.push(...issues);
		self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
	});
	Object.defineProperty(proto, "isEmpty", {
		configurable: true,
		enumerable: false,
		get() {
			return this.issues.length === 0;
		}
	});
};
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", initializer, void 0, { Parent: Error });
// node_modules/zod/v4/classic/parse.js
const parse = /* @__PURE__ */ _parse(ZodRealError);
const parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
const encode = /* @__PURE__ */ _encode(ZodRealError);
const decode = /* @__PURE__ */ _decode(ZodRealError);
const encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);
// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
	if (!globalConfig.localeError) config(en_default());
}
function _ensureDefaultMemoizer() {
	if (!globalConfig.memoizer) config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
	_ensureDefaultLocale();
	$ZodType.init(inst, def);
	inst.def = def;
	inst.type = def.type;
	return inst;
}, {
	check(...chks) {
		const def = this.def;
		return this.clone(mergeDefs(def, { checks: [...def.checks ?? [], ...chks.map((ch) => typeof ch === "function" ? { _zod: {
			check: ch,
			def: { check: "custom" },
			onattach: []
		} } : ch)] }), { parent: true });
	},
	with(...chks) {
		return this.check(...chks);
	},
	clone(def, params) {
		return clone(this, def, params);
	},
	brand() {
		return this;
	},
	register(reg, meta) {
		reg.add(this, meta);
		return this;
	},
	refine(check, params) {
		return this.check(refine(check, params));
	},
	superRefine(refinement, params) {
		return this.check(superRefine(refinement, params));
	},
	overwrite(fn) {
		return this.check(/* @__PURE__ */ _overwrite(fn));
	},
	optional() {
		return optional(this);
	},
	exactOptional() {
		return exactOptional(this);
	},
	nullable() {
		return nullable(this);
	},
	nullish() {
		return optional(nullable(this));
	},
	nonoptional(params) {
		return nonoptional(this, params);
	},
	array() {
		return array(this);
	},
	or(arg) {
		return union([this, arg]);
	},
	and(arg) {
		return intersection(this, arg);
	},
	transform(tx) {
		return pipe(this, transform(tx));
	},
	default(d) {
		return _default(this, d);
	},
	prefault(d) {
		return prefault(this, d);
	},
	catch(params) {
		return _catch(this, params);
	},
	pipe(target) {
		return pipe(this, target);
	},
	readonly() {
		return readonly(this);
	},
	describe(description) {
		const cl = this.clone();
		globalRegistry.add(cl, { description });
		return cl;
	},
	meta(...args) {
		if (args.length === 0) return globalRegistry.get(this);
		const cl = this.clone();
		globalRegistry.add(cl, args[0]);
		return cl;
	},
	isOptional() {
		return this.safeParse(void 0).success;
	},
	isNullable() {
		return this.safeParse(null).success;
	},
	apply(fn, ...args) {
		return args.length === 0 ? fn(this) : fn(this, ...args);
	},
	get "~standard"() {
		return hide(this, "~standard", {
			...standardProps(this),
			jsonSchema: {
				input: createStandardJSONSchemaMethod(this, "input"),
				output: createStandardJSONSchemaMethod(this, "output")
			}
		});
	},
	set "~standard"(value) {
		own(this, "~standard", value);
	},
	parse: function _parse(data, params) {
		return parse(this, data, params, { callee: _parse });
	},
	parseAsync: async function _parseAsync(data, params) {
		return await parseAsync(this, data, params, { callee: _parseAsync });
	},
	safeParse(data, params) {
		return safeParse(this, data, params);
	},
	async safeParseAsync(data, params) {
		return safeParseAsync(this, data, params);
	},
	get spa() {
		return this?.safeParseAsync;
	},
	set spa(value) {
		own(this, "spa", value);
	},
	validate(data, params) {
		return validate(this, data, params);
	},
	validateAsync(data, params) {
		return validateAsync$1(this, data, params);
	},
	encode: function _encode(data, params) {
		return encode(this, data, params, { callee: _encode });
	},
	decode: function _decode(data, params) {
		return decode(this, data, params, { callee: _decode });
	},
	encodeAsync: async function _encodeAsync(data, params) {
		return await encodeAsync(this, data, params, { callee: _encodeAsync });
	},
	decodeAsync: async function _decodeAsync(data, params) {
		return await decodeAsync(this, data, params, { callee: _decodeAsync });
	},
	safeEncode(data, params) {
		return safeEncode(this, data, params);
	},
	safeDecode(data, params) {
		return safeDecode(this, data, params);
	},
	async safeEncodeAsync(data, params) {
		return safeEncodeAsync(this, data, params);
	},
	async safeDecodeAsync(data, params) {
		return safeDecodeAsync(this, data, params);
	},
	toJSONSchema(params) {
		return createToJSONSchemaMethod(this, {})(params);
	},
	get description() {
		return globalRegistry.get(this)?.description;
	},
	get _def() {
		return this._zod.def;
	}
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
	$ZodString.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, /*@__PURE__*/ derived({
	format: (inst) => aggregateChecks(inst).format ?? null,
	minLength: (inst) => aggregateChecks(inst).minimum ?? null,
	maxLength: (inst) => aggregateChecks(inst).maximum ?? null
}, {
	regex(...args) {
		return this.check(/* @__PURE__ */ _regex(...args));
	},
	includes(...args) {
		return this.check(/* @__PURE__ */ _includes(...args));
	},
	startsWith(...args) {
		return this.check(/* @__PURE__ */ _startsWith(...args));
	},
	endsWith(...args) {
		return this.check(/* @__PURE__ */ _endsWith(...args));
	},
	min(...args) {
		return this.check(/* @__PURE__ */ _minLength(...args));
	},
	max(...args) {
		return this.check(/* @__PURE__ */ _maxLength(...args));
	},
	length(...args) {
		return this.check(/* @__PURE__ */ _length(...args));
	},
	nonempty(...args) {
		return this.check(/* @__PURE__ */ _minLength(1, ...args));
	},
	lowercase(params) {
		return this.check(/* @__PURE__ */ _lowercase(params));
	},
	uppercase(params) {
		return this.check(/* @__PURE__ */ _uppercase(params));
	},
	trim() {
		return this.check(/* @__PURE__ */ _trim());
	},
	normalize(...args) {
		return this.check(/* @__PURE__ */ _normalize(...args));
	},
	toLowerCase() {
		return this.check(/* @__PURE__ */ _toLowerCase());
	},
	toUpperCase() {
		return this.check(/* @__PURE__ */ _toUpperCase());
	},
	slugify() {
		return this.check(/* @__PURE__ */ _slugify());
	}
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
	$ZodString.init(inst, def);
	_ZodString.init(inst, def);
}, {
	email(params) {
		return this.check(/* @__PURE__ */ _email(ZodEmail, params));
	},
	url(params) {
		return this.check(/* @__PURE__ */ _url(ZodURL, params));
	},
	jwt(params) {
		return this.check(/* @__PURE__ */ _jwt(ZodJWT, params));
	},
	emoji(params) {
		return this.check(/* @__PURE__ */ _emoji(ZodEmoji, params));
	},
	guid(params) {
		return this.check(/* @__PURE__ */ _guid(ZodGUID, params));
	},
	uuid(params) {
		return this.check(/* @__PURE__ */ _uuid(ZodUUID, params));
	},
	uuidv4(params) {
		return this.check(/* @__PURE__ */ _uuidv4(ZodUUID, params));
	},
	uuidv6(params) {
		return this.check(/* @__PURE__ */ _uuidv6(ZodUUID, params));
	},
	uuidv7(params) {
		return this.check(/* @__PURE__ */ _uuidv7(ZodUUID, params));
	},
	nanoid(params) {
		return this.check(/* @__PURE__ */ _nanoid(ZodNanoID, params));
	},
	cuid(params) {
		return this.check(/* @__PURE__ */ _cuid(ZodCUID, params));
	},
	cuid2(params) {
		return this.check(/* @__PURE__ */ _cuid2(ZodCUID2, params));
	},
	ulid(params) {
		return this.check(/* @__PURE__ */ _ulid(ZodULID, params));
	},
	base64(params) {
		return this.check(/* @__PURE__ */ _base64(ZodBase64, params));
	},
	base64url(params) {
		return this.check(/* @__PURE__ */ _base64url(ZodBase64URL, params));
	},
	xid(params) {
		return this.check(/* @__PURE__ */ _xid(ZodXID, params));
	},
	ksuid(params) {
		return this.check(/* @__PURE__ */ _ksuid(ZodKSUID, params));
	},
	ipv4(params) {
		return this.check(/* @__PURE__ */ _ipv4(ZodIPv4, params));
	},
	ipv6(params) {
		return this.check(/* @__PURE__ */ _ipv6(ZodIPv6, params));
	},
	cidrv4(params) {
		return this.check(/* @__PURE__ */ _cidrv4(ZodCIDRv4, params));
	},
	cidrv6(params) {
		return this.check(/* @__PURE__ */ _cidrv6(ZodCIDRv6, params));
	},
	e164(params) {
		return this.check(/* @__PURE__ */ _e164(ZodE164, params));
	},
	datetime(params) {
		return this.check(/* @__PURE__ */ _isoDateTime(ZodISODateTime, params));
	},
	date(params) {
		return this.check(/* @__PURE__ */ _isoDate(ZodISODate, params));
	},
	time(params) {
		return this.check(/* @__PURE__ */ _isoTime(ZodISOTime, params));
	},
	duration(params) {
		return this.check(/* @__PURE__ */ _isoDuration(ZodISODuration, params));
	}
});
function string(params) {
	return /* @__PURE__ */ _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
	$ZodStringFormat.init(inst, def);
	_ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
	$ZodISODateTime.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
	$ZodISODate.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
	$ZodISOTime.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
	$ZodISODuration.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
	$ZodEmail.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
	$ZodGUID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
	$ZodUUID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
	$ZodURL.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
	$ZodEmoji.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
	$ZodNanoID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
/**
* @deprecated CUID v1 is deprecated by its authors due to information leakage
* (timestamps embedded in the id). Use {@link ZodCUID2} instead.
* See https://github.com/paralleldrive/cuid.
*/
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
	$ZodCUID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
	$ZodCUID2.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
	$ZodULID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
	$ZodXID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
	$ZodKSUID.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
	$ZodIPv4.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
	$ZodIPv6.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
	$ZodCIDRv4.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
	$ZodCIDRv6.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
	$ZodBase64.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
	$ZodBase64URL.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
	$ZodE164.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
	$ZodJWT.init(inst, def);
	ZodStringFormat.init(inst, def);
});
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
	$ZodNumber.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
	inst.isFinite = true;
}, /*@__PURE__*/ derived({
	minValue: (inst) => {
		const { minimum, exclusiveMinimum } = aggregateChecks(inst);
		return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
	},
	maxValue: (inst) => {
		const { maximum, exclusiveMaximum } = aggregateChecks(inst);
		return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
	},
	isInt: (inst) => {
		const { isInt, multipleOf } = aggregateChecks(inst);
		return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
	},
	format: (inst) => aggregateChecks(inst).format ?? null
}, {
	gt(value, params) {
		return this.check(/* @__PURE__ */ _gt(value, params));
	},
	gte(value, params) {
		return this.check(/* @__PURE__ */ _gte(value, params));
	},
	min(value, params) {
		return this.check(/* @__PURE__ */ _gte(value, params));
	},
	lt(value, params) {
		return this.check(/* @__PURE__ */ _lt(value, params));
	},
	lte(value, params) {
		return this.check(/* @__PURE__ */ _lte(value, params));
	},
	max(value, params) {
		return this.check(/* @__PURE__ */ _lte(value, params));
	},
	int(params) {
		return this.check(int(params));
	},
	safe(params) {
		return this.check(int(params));
	},
	positive(params) {
		return this.check(/* @__PURE__ */ _gt(0, params));
	},
	nonnegative(params) {
		return this.check(/* @__PURE__ */ _gte(0, params));
	},
	negative(params) {
		return this.check(/* @__PURE__ */ _lt(0, params));
	},
	nonpositive(params) {
		return this.check(/* @__PURE__ */ _lte(0, params));
	},
	multipleOf(value, params) {
		return this.check(/* @__PURE__ */ _multipleOf(value, params));
	},
	step(value, params) {
		return this.check(/* @__PURE__ */ _multipleOf(value, params));
	},
	finite() {
		return this;
	}
}));
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
	$ZodNumberFormat.init(inst, def);
	ZodNumber.init(inst, def);
});
function int(params) {
	return /* @__PURE__ */ _int(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
	$ZodBoolean.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean(params) {
	return /* @__PURE__ */ _boolean(ZodBoolean, params);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
	$ZodUnknown.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => void 0;
});
function unknown() {
	return /* @__PURE__ */ _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
	$ZodNever.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
	return /* @__PURE__ */ _never(ZodNever, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
	_ensureDefaultMemoizer();
	$ZodArray.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
	inst.element = def.element;
}, {
	min(n, params) {
		return this.check(/* @__PURE__ */ _minLength(n, params));
	},
	nonempty(params) {
		return this.check(/* @__PURE__ */ _minLength(1, params));
	},
	max(n, params) {
		return this.check(/* @__PURE__ */ _maxLength(n, params));
	},
	length(n, params) {
		return this.check(/* @__PURE__ */ _length(n, params));
	},
	unwrap() {
		return this.element;
	}
});
function array(element, params) {
	return /* @__PURE__ */ _array(ZodArray, element, params);
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
	_ensureDefaultMemoizer();
	$ZodObjectJIT.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
	installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
	keyof() {
		return _enum(Object.keys(this._zod.def.shape));
	},
	catchall(catchall) {
		return this.clone(mergeDefs(this._zod.def, { catchall }));
	},
	passthrough() {
		return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
	},
	loose() {
		return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
	},
	strict() {
		return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
	},
	strip() {
		return this.clone(mergeDefs(this._zod.def, { catchall: void 0 }));
	},
	extend(incoming) {
		return extend$1(this, incoming);
	},
	safeExtend(incoming) {
		return safeExtend(this, incoming);
	},
	merge(other) {
		return merge(this, other);
	},
	pick(mask) {
		return pick(this, mask);
	},
	omit(mask) {
		return omit$1(this, mask);
	},
	partial(...args) {
		return partial(ZodOptional, this, args[0]);
	},
	exactPartial(...args) {
		return partial(ZodExactOptional, this, args[0], "exactPartial");
	},
	required(...args) {
		return required(ZodNonOptional, this, args[0]);
	}
});
function strictObject(shape, params) {
	return new ZodObject({
		type: "object",
		shape,
		catchall: never(),
		...normalizeParams(params)
	});
}
function looseObject(shape, params) {
	return new ZodObject({
		type: "object",
		shape,
		catchall: unknown(),
		...normalizeParams(params)
	});
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
	$ZodUnion.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
	inst.options = def.options;
});
function union(options, params) {
	return new ZodUnion({
		type: "union",
		options,
		...normalizeParams(params)
	});
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
	$ZodIntersection.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
	return new ZodIntersection({
		type: "intersection",
		left,
		right
	});
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
	$ZodEnum.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
	inst.enum = def.entries;
	inst.options = [...inst._zod.values];
	const keys = new Set(Object.keys(def.entries));
	inst.extract = (values, params) => {
		const newEntries = {};
		for (const value of values) if (keys.has(value)) newEntries[value] = def.entries[value];
		else throw new Error(`Key ${value} not found in enum`);
		return new ZodEnum({
			...def,
			checks: [],
			...normalizeParams(params),
			entries: newEntries
		});
	};
	inst.exclude = (values, params) => {
		const newEntries = { ...def.entries };
		for (const value of values) if (keys.has(value)) delete newEntries[value];
		else throw new Error(`Key ${value} not found in enum`);
		return new ZodEnum({
			...def,
			checks: [],
			...normalizeParams(params),
			entries: newEntries
		});
	};
});
function _enum(values, params) {
	const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
	return new ZodEnum({
		type: "enum",
		entries,
		...normalizeParams(params)
	});
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
	$ZodLiteral.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
	inst.values = new Set(def.values);
	Object.defineProperty(inst, "value", { get() {
		if (def.values.length > 1) throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
		return def.values[0];
	} });
});
function literal(value, params) {
	return new ZodLiteral({
		type: "literal",
		values: Array.isArray(value) ? value : [value],
		...normalizeParams(params)
	});
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
	_ensureDefaultMemoizer();
	$ZodTransform.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
	inst._zod.parse = (payload, _ctx) => {
		if (_ctx.direction === "backward") throw new $ZodEncodeError(inst.constructor.name);
		payload.addIssue = (issue$1) => {
			if (typeof issue$1 === "string") payload.issues.push(issue(issue$1, payload.value, def));
			else {
				const _issue = issue$1;
				if (_issue.fatal) _issue.continue = false;
				_issue.code ?? (_issue.code = "custom");
				if (!("input" in _issue)) _issue.input = payload.value;
				_issue.inst ?? (_issue.inst = inst);
				payload.issues.push(issue(_issue));
			}
		};
		const output = def.transform(payload.value, payload);
		if (output instanceof Promise) return output.then((output) => {
			payload.value = output;
			return payload;
		});
		payload.value = output;
		return payload;
	};
});
function transform(fn) {
	return new ZodTransform({
		type: "transform",
		transform: fn
	});
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
	$ZodOptional.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
	return new ZodOptional({
		type: "optional",
		innerType
	});
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
	$ZodExactOptional.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
	return new ZodExactOptional({
		type: "optional",
		innerType
	});
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
	$ZodNullable.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
	return new ZodNullable({
		type: "nullable",
		innerType
	});
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
	$ZodDefault.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
	inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
	return new ZodDefault({
		type: "default",
		innerType,
		get defaultValue() {
			return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
		}
	});
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
	$ZodPrefault.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
	return new ZodPrefault({
		type: "prefault",
		innerType,
		get defaultValue() {
			return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
		}
	});
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
	$ZodNonOptional.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
	return new ZodNonOptional({
		type: "nonoptional",
		innerType,
		...normalizeParams(params)
	});
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
	$ZodCatch.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
	inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
	return new ZodCatch({
		type: "catch",
		innerType,
		catchValue: typeof catchValue === "function" ? catchValue : constantCatch(catchValue)
	});
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
	$ZodPipe.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
	inst.in = def.in;
	inst.out = def.out;
});
function pipe(in_, out) {
	return new ZodPipe({
		type: "pipe",
		in: in_,
		out
	});
}
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
	$ZodReadonly.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
	inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
	return new ZodReadonly({
		type: "readonly",
		innerType
	});
}
const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
	$ZodCustom.init(inst, def);
	ZodType.init(inst, def);
	inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function custom(fn, _params) {
	return /* @__PURE__ */ _custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
	return /* @__PURE__ */ _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
	return /* @__PURE__ */ _superRefine(fn, params);
}
/**
* The seven rows' numbers, as the action table above gives them: the slots (28), the cards the deal leaves for the
* stock, the places of the waste's and the stock's top cards, the first king id (a king at place p is KING_BASE + p),
* draw, turn-over and the ids in all; the two places of each pair id, and each slot's left cover and cover bits.
*/
const { slots: PYRAMID_SLOTS, talonSize: TALON_SIZE, waste: WASTE, stock: STOCK$1, singleBase: KING_BASE, draw: DRAW, recycle: RECYCLE, numActions: PYRAMID_ACTIONS, pairFirst: PAIR_FIRST, pairSecond: PAIR_SECOND, coverLeft: COVER_LEFT, coverMask: COVER_MASK } = triangleShape(7);
/** The most `maxSteps` takes. */
const MAX_STEPS_CAP$1 = 1e5;
const pyramidOptionsSchema = strictObject({
	passes: literal([
		1,
		2,
		3,
		"unlimited"
	]).default(3).describe("Passes through the stock (the waste is turned over between them)"),
	goal: _enum(["all", "pyramid"]).default("all").describe("Won by removing all 52 cards, or the 28 of the pyramid"),
	stockTopPlayable: boolean().default(true).describe("The stock's top card lies face up and can be played"),
	stockWastePair: boolean().default(true).describe("The stock's and the waste's top cards may pair with each other"),
	overlapPairs: boolean().default(false).describe("A card covered by one card only may pair with that card"),
	maxSteps: int().min(1).max(MAX_STEPS_CAP$1, { error: `maxSteps must be at most ${MAX_STEPS_CAP$1}: with unlimited passes a game can cycle until the limit` }).default(1e3).describe("Moves before the game is stopped"),
	undoLimit: literal([
		0,
		3,
		"unlimited"
	]).default(0).describe("Undos per game"),
	reward: _enum(["win", "cards"]).default("win").describe("Training reward: 1 for a win, or per card removed")
});
/** The Pyramid engine: every id (index.ts) is these options over the toolkit's triangle. */
const pyramidGame = triangleGame({
	name: "pyramid",
	optionsSchema: pyramidOptionsSchema,
	rules: (o) => ({
		rows: 7,
		name: "pyramid",
		pairSum: 13,
		singles: [12],
		talon: {
			draw: 1,
			passes: o.passes,
			topPlayable: o.stockTopPlayable,
			topPairsWithWaste: o.stockWastePair
		},
		overlapPairs: o.overlapPairs,
		goal: o.goal === "all" ? "all" : "triangle",
		maxSteps: o.maxSteps,
		rewardCards: o.reward === "cards",
		undoLimit: o.undoLimit
	}),
	prompt: () => "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); draw when you need a new card."
});
pyramidGame.observationSize(pyramidOptionsSchema.parse({}));
// src/games/pyramid/agents/index.ts
/** Pyramid: its agents, `greedy` the simple heuristic, `pimc` the search that ranks hints. No training presets yet. */
const PYRAMID_KIT = triangleKit(pyramidGame, {
	difficultyThirds: { pyramid: {
		deals: 90,
		seed: 1,
		easy: 5,
		medium: 10,
		command: "npx tsx research/deal-difficulty.ts --env pyramid --deals 90 --seed 1"
	} },
	ladders: { pyramid: {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env pyramid --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy", "tengym eval --env pyramid --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy"],
		wins: {
			random: 33,
			first: 295,
			greedy: 343,
			pimc: 1656,
			oracle: 1951
		}
	} }
});
PYRAMID_KIT.agents;
registerModule({
	game: pyramidGame,
	ids: [
		{
			id: "pyramid",
			title: "Pyramid",
			description: "Pyramid: remove kings and pairs that make 13 from a pyramid of 28 cards and the stock; three passes, all 52 cards (PySolFC, politaire)"
		},
		{
			id: "pyramid-classic",
			title: "Pyramid, one pass",
			preset: { passes: 1 },
			description: "Pyramid as the books give it (Morehead & Mott-Smith; Keller & Masten's \"original\"): one pass through the stock, all 52 cards"
		},
		{
			id: "pyramid-relaxed",
			title: "Relaxed Pyramid",
			preset: { goal: "pyramid" },
			description: "Relaxed Pyramid (PySolFC; Microsoft Solitaire Collection's goal): three passes, won once the pyramid is cleared"
		},
		{
			id: "pyramid-unlimited",
			title: "Pyramid, unlimited passes",
			preset: {
				passes: "unlimited",
				goal: "pyramid"
			},
			description: "Pyramid with unlimited passes, won once the pyramid is cleared (solitairewinrates.com's \"Unlimited\")"
		}
	],
	kit: PYRAMID_KIT
}, { shipped: true });
// src/games/king-tut/engine.ts
/**
* King Tut (also Tut's Tomb; PySolFC `pyramid.py:1647` `KingTut`): docs/rules.md, "King Tut" (this folder's
* rules.md).
*
* Pyramid's layout and removals (src/games/pyramid/engine.ts): 28 cards face up in seven rows, the other 24 the
* stock, kings removed alone and two available cards making 13 together. Its own rules: a draw turns three cards
* onto the waste (fewer when the stock holds fewer), only the waste's top card is available (the stock lies face
* down), the waste may be turned over as often as wanted, but only after a pass that removed a card, and the game
* is won once the pyramid is cleared. A declaration over the toolkit's triangle layout (src/env/layouts/triangle.ts).
*
* ## Options
*
* | option      | values            | default | meaning |
* |-------------|-------------------|---------|---------|
* | `maxSteps`  | integer 1..100000 | 1000    | actions since reset before the episode is truncated (a game ends before 600: see Episode end) |
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards |
*
* ## Actions (467 ids): Pyramid's
*
* Places: 0 … 27 the pyramid's slots, 28 the waste's top card, 29 the stock's top card (never available here).
*
* | id        | action |
* |-----------|--------|
* | 0 … 434   | remove the cards at places (i, j), i < j: id = i·30 − i(i+1)/2 + j − i − 1; legal when both are available and make 13 |
* | 435 … 464 | remove the king at place p: id 435 + p |
* | 465       | draw: three cards (or the rest of the stock) onto the waste, one at a time, the last on top |
* | 466       | turn the waste over into the stock (same order); legal when the stock is empty, the waste is not, and a card was removed since the last turn-over (or the deal) |
*
* ## Observation (Float32Array of 450)
*
* Pyramid's 449 floats (its engine's table: the slots' ranks and free flags, the waste's top rank, the stock's top
* rank, always zero here, the waste's and the stock's rank counts, the sizes, 446 = 1 for the unlimited passes, 447
* the later-pass flag, 448 steps / maxSteps), then 449: 1 when a card was removed in this pass (the turn-over is
* legal once the stock is empty). Every float lies in [0, 1].
*
* ## Rewards
*
* 'win' (default): +1 on the step that clears the pyramid, else 0. 'cards': +1 per pyramid card removed; the
* return is then 28 − cardsLeft.
*
* ## Episode end
*
* Won, and terminated, once the pyramid's 28 cards are removed. Terminated, lost, when no action is legal: the
* stock empty, no card removed in this pass (the next pass would go just as this one did, since nothing changed)
* and nothing to remove; or when no card can ever be removed again (Pyramid's rule for unlimited passes). A pass
* takes at most 8 draws and a turn-over, and every pass but the last removes a card: a game ends within about 500
* steps. Truncated at `maxSteps` otherwise (never won). Outcome: `{ won, cardsLeft }`, the pyramid's cards left.
*/
/** The triangle's name: its field in the state JSON and its word in messages, as in Pyramid's. */
const TRIANGLE$2 = "pyramid";
/** The rank removed alone (A = 0). */
const KING = 12;
/** The King Tut engine: Pyramid's triangle with a draw of three, the waste's top alone, the pyramid as the goal. */
const kingTutGame = triangleGame({
	name: "king-tut",
	optionsSchema: /* @__PURE__ */ strictObject$1({
		maxSteps: (/* @__PURE__ */ _default$1(int$1().check(/* @__PURE__ */ _gte(1), /* @__PURE__ */ _lte(1e5)), 1e3)).check(describe("Moves before the game is stopped")),
		...slotOptionFields("removed")
	}),
	rules: (o) => ({
		rows: 7,
		name: TRIANGLE$2,
		pairSum: 13,
		singles: [KING],
		overlapPairs: false,
		goal: "triangle",
		talon: {
			draw: 3,
			passes: "unlimited",
			idlePassEnds: true,
			topPlayable: false,
			topPairsWithWaste: false
		},
		maxSteps: o.maxSteps,
		...triangleRewardRules(o)
	}),
	prompt: () => "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); the waste's top card counts."
});
shipGame(kingTutGame, triangleKit(kingTutGame, { ladders: { "king-tut": {
	deals: 3e3,
	seed: 1,
	commands: ["tengym eval --env king-tut --agents random,first,greedy,oracle,pimc --episodes 3000 --seed 1 --reference greedy"],
	wins: {
		random: 5,
		first: 70,
		greedy: 99,
		pimc: 1223,
		oracle: 1589
	}
} } }), {
	id: "king-tut",
	title: "King Tut",
	description: "King Tut (Tut's Tomb; PySolFC): Pyramid with the stock turned three cards at a time, only the waste's top card in play, unlimited passes, won once the pyramid is cleared"
});
/** The Pyramid Thirteen engine: Pyramid's triangle with its top six rows face down and one pass. */
const pyramidThirteenGame = plainTriangleGame({
	name: "pyramid-thirteen",
	rules: {
		rows: 7,
		name: "pyramid",
		pairSum: 13,
		singles: [12],
		faceDownRows: 6,
		overlapPairs: false,
		goal: "all",
		talon: {
			draw: 1,
			passes: 1,
			topPlayable: true,
			topPairsWithWaste: true
		},
		maxSteps: 1e3
	},
	prompt: "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); draw when you need a new card."
});
shipGame(pyramidThirteenGame, triangleKit(pyramidThirteenGame, {
	ladders: { "pyramid-thirteen": {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env pyramid-thirteen --agents random,first,greedy,oracle,pimc --episodes 3000 --seed 1 --reference greedy"],
		wins: {
			random: 0,
			first: 8,
			greedy: 9,
			pimc: 9,
			oracle: 193
		}
	} },
	hintRole: "a search that plays out many guesses of the unseen cards, face-down ones included"
}), {
	id: "pyramid-thirteen",
	title: "Pyramid Thirteen",
	description: "Pyramid Thirteen (PySolFC): Pyramid with its top six rows dealt face down, each card turning up once uncovered; one pass through the stock, all 52 cards"
});
/** The Giza engine: Pyramid's triangle beside eight open piles, no stock, all 52 cards to win. */
const gizaGame = plainTriangleGame({
	name: "giza",
	rules: {
		rows: 7,
		name: "pyramid",
		piles: [
			3,
			3,
			3,
			3,
			3,
			3,
			3,
			3
		],
		pairSum: 13,
		singles: [12],
		overlapPairs: false,
		goal: "all",
		maxSteps: 1e3
	},
	prompt: "Remove a king, or two uncovered cards that make 13 (J = 11, Q = 12); a pile's top card counts."
});
shipGame(gizaGame, {
	agents: openTriangleAgents([gizaGame]),
	simpleBaseline: "greedy",
	searches: ["solver"],
	solver: "solver",
	ladders: { giza: {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env giza --agents random,first,greedy,solver --episodes 3000 --seed 1 --reference greedy"],
		wins: {
			random: 8,
			first: 78,
			greedy: 240,
			solver: 1077
		}
	} },
	hintBaseline: (_env, baseline) => baseline("solver", "the exact solver of the open deal"),
	dominates: kingDominates
}, {
	id: "giza",
	title: "Giza",
	description: "Giza (PySolFC): Pyramid without a stock, the other 24 cards face up in eight piles of three whose tops are in play; an open game, all 52 cards to win"
});
// src/games/elevens/engine.ts
/**
* Elevens (`elevens`, `elevens-reserve`, `elevens-too`, `suit-elevens`): the rules for players are
* in rules.md beside this file.
*
* A grid of `grid` face-up slots (3 × 3, or 3 × 5) dealt from a shuffled 52-card deck (deck[0..G−1]
* to slots 0..G−1, the stock starts at deck[G]). Remove two cards whose values make 11 (A = 1 … 10:
* A+10, 2+9, 3+8, 4+7, 5+6). Jacks, queens and kings go out as a set of one of each: all three on
* the grid at once (`faceCards: 'triple'`, the book rule), or set aside one at a time into a reserve
* per rank, the set going out once the three reserves are full (`'reserve'`, PySolFC's Elevens;
* `'reserve-no-refill'`, PySolFC's Elevens Too, where no slot is refilled while a reserve holds a
* card). Emptied slots are refilled from the stock, lowest slot first. With `suits: 'same'` (Suit
* Elevens) a pair, and a set, is of one suit.
*
* Real decisions exist only with `'reserve-no-refill'` (a card set aside while its partners are not
* all in sight stops the grid for good) and with `'reserve'` and `suits: 'same'` (the first card set
* aside chooses the set's suit): `sameOutcome(o)` is false there and true for every other option
* set, where every legal order of moves reaches the same end (test/games/elevens/decisions.test.ts).
*
* ## Options
*
* | option      | values                                      | default    | meaning                                                     |
* |-------------|---------------------------------------------|------------|-------------------------------------------------------------|
* | `grid`      | 9, 15                                       | 9          | slots: 3 × 3 (book, AP lab, PySolFC Elevens), 3 × 5 (PySolFC Suit Elevens) |
* | `faceCards` | 'triple', 'reserve', 'reserve-no-refill'    | 'triple'   | triple: J+Q+K removed together from the grid (book, AP lab); reserve: set aside one at a time, one reserve per rank, out when all three are full (PySolFC Elevens); reserve-no-refill: the same, no refill while a reserve holds a card (PySolFC Elevens Too) |
* | `suits`     | 'any', 'same'                               | 'any'      | same: a pair, and a J-Q-K set, must be of one suit (PySolFC Suit Elevens) |
* | `undoLimit` | 0, 3, 'unlimited'                           | 0          | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'                              | 'win'      | see Rewards                                                 |
*
* ## Actions (G = `grid`, P = G(G−1)/2)
*
* | id            | action                                                                      |
* |---------------|-----------------------------------------------------------------------------|
* | 0 … P−1       | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …, (G−2,G−1) = P−1; id = i·G − i(i+1)/2 + j − i − 1. Legal when both slots hold cards A…10 whose values make 11 (of one suit with `suits: 'same'`) |
* | P … P+63      | `'triple'` only: remove the jack of suit a, the queen of suit b and the king of suit c (suits C = 0, D = 1, H = 2, S = 3): id = P + 16a + 4b + c. Legal when the three cards are on the grid (with `suits: 'same'` only a = b = c) |
* | P … P+G−1     | `'reserve'` and `'reserve-no-refill'` only: set aside the face card of slot i: id = P + i. Legal when slot i holds a J, Q or K whose rank's reserve is empty (with `suits: 'same'`, of the suit of the cards already set aside) |
*
* G = 9: 100 ids with triples, 45 with reserves; G = 15: 169 and 120.
*
* ## Observation (Float32Array of 17·G + R + U + 14)
*
* R = 12 with reserves, 0 with triples; U = 52 with `suits: 'same'`, 0 with `'any'`.
*
* | index               | meaning                                                                |
* |---------------------|------------------------------------------------------------------------|
* | 17·i + r, r < 13    | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
* | 17·i + 13 + u       | 1 when slot i holds a card of suit u (C D H S)                        |
* | 17·G + 4f + u       | reserves only: 1 when the reserve of rank f (J = 0, Q = 1, K = 2) holds the card of suit u |
* | 17·G + R + c        | `suits: 'same'` only: 1 when card c (rank·4 + suit) is unseen (in the stock) |
* | 17·G + R + U + r    | cards of rank r unseen (in the stock) / 4                              |
* | 17·G + R + U + 13   | stock size / 52                                                        |
*
* 167 floats for `elevens`, 179 for `elevens-reserve` and `elevens-too`, 333 for `suit-elevens`.
* The order of the stock is never shown; with suits that matter, which cards are unseen is.
*
* Bounds (`observationBounds`): every float lies in [0, 1] (one-hots, flags, a count of at most 4
* out of 4), except the stock size, in [0, (52 − G)/52]: the deal takes G cards from the stock and
* nothing goes back.
*
* ## Rewards
*
* `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 for a pair, +3 for a
* J-Q-K set (with reserves, on the step that sets aside its third card; 0 for the others), so the
* return is 52 − cards left.
*
* ## Episode end
*
* Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
* move takes a card off the grid for good. Won when all 52 cards are removed (cards in a reserve are
* not). Outcome: `{ won, cardsLeft }` with cardsLeft = 52 − cards removed.
*/
const elevensOptionsSchema = /* @__PURE__ */ strictObject$1({
	grid: (/* @__PURE__ */ _default$1(/* @__PURE__ */ literal$1([9, 15]), 9)).check(describe("Slots on the grid: 3 × 3, or 3 × 5 (Suit Elevens)")),
	faceCards: (/* @__PURE__ */ _default$1(/* @__PURE__ */ _enum$1([
		"triple",
		"reserve",
		"reserve-no-refill"
	]), "triple")).check(describe("J+Q+K removed together from the grid, or set aside one at a time (no refill meanwhile)")),
	suits: (/* @__PURE__ */ _default$1(/* @__PURE__ */ _enum$1(["any", "same"]), "any")).check(describe("Pairs and J-Q-K sets of any suits, or of one suit")),
	...slotOptionFields("removed")
});
/** Whether every legal order of moves reaches the same end under these options (rules.md, "Decisions"). */
function elevensSameOutcome(o) {
	if (o.faceCards === "reserve-no-refill") return false;
	return !(o.faceCards === "reserve" && o.suits === "same");
}
function prompt(r) {
	const suit = r.sameSuit ? " of one suit" : "";
	if (!r.reserves) return `Remove two cards${suit} that make 11, or a jack, a queen and a king${suit} together.`;
	return `Remove two cards${suit} that make 11, or set a jack, a queen or a king aside.`;
}
const elevensGame = slotGame({
	name: "elevens",
	optionsSchema: elevensOptionsSchema,
	rules: (o) => ({
		slots: o.grid,
		columns: o.grid === 9 ? 3 : 5,
		pairSum: 11,
		sets: {
			ranks: [
				10,
				11,
				12
			],
			how: o.faceCards === "triple" ? "together" : o.faceCards
		},
		sameSuit: o.suits === "same",
		refill: "at-once",
		observeSuits: true
	}),
	prompt,
	sameOutcome: elevensSameOutcome
});
/** The compiled rules of these options (ids, lookup tables): what the agents read. */
const rulesOf = (o) => elevensGame.rulesOf(o);
/** The engine state and options of an Elevens env (any of its ids), or null for another game: what agents read. */
function elevensOf(env) {
	return env.game === elevensGame ? {
		state: env.rawState,
		options: env.options
	} : null;
}
// src/games/elevens/agents/solver.ts
/**
* What Elevens' agents know of its moves: which move needs no search (`nextMove`), and the
* full-information optimum of a deal from a position (`ElevensSolver`).
*
* A move needs no search when playing it first never ends worse than any other line:
* - a pair: its two cards leave only by being paired, and every removal deals the next stock
*   cards, so a pair commutes with every other move (two pairs competing for a card differ only
*   in suits, which then do not matter);
* - with triples, a J-Q-K set, for the same reasons;
* - with reserves holding a card, setting aside a face card that fits them: that card can leave
*   the grid only into that reserve, and every line that does not end the game there sets it aside;
* - with empty reserves and no pair: under `'reserve'` with any suits, any face card (the game is
*   decision-free); under `'reserve-no-refill'`, a card of a set whose three cards are on the grid
*   (it goes out at once). With no such set every move there loses as it stands: the grid is never
*   refilled again, so no pair appears and no set completes (`DOOMED`).
* What is left is Suit Elevens' choice (`'reserve'` with one suit): with empty reserves and no pair
* the first card set aside chooses the suit of the next set (`DECISION`); the choices are one per
* suit on the grid (the rest of that suit's face cards then go aside without search).
*
* So a deal's optimum needs a search only over the order in which suits are chosen: at most four
* choices on a line, 24 lines in all. test/games/elevens/agents.test.ts checks the solver against
* an exhaustive search over every legal move.
*/
/** The set id offset of the jack of suit a, the queen of suit b and the king of suit c. */
const tripleOffset = (a, b, c) => 16 * a + 4 * b + c;
/** Whether face rank f's card of suit `suit` (any suit when -1) is on the grid; returns its slot or NOWHERE. */
function faceSlot(s, f, suit) {
	if (suit >= 0) return s.cardSlot[(10 + f) * 4 + suit];
	const bits = s.rankSlots[10 + f];
	return bits === 0 ? 255 : 31 - Math.clz32(bits & -bits);
}
/**
* The move to play without search (an action id), or NONE, DOOMED or DECISION. Reads only the grid
* and the reserves, never the stock: fair agents play it.
*/
function nextMove(s) {
	const r = s.rules;
	const G = r.slots;
	for (let i = 0; i < G; i++) {
		const card = s.slotCard[i];
		if (card === 255 || card >> 2 >= 10) continue;
		let j;
		if (r.sameSuit) j = s.cardSlot[(9 - (card >> 2)) * 4 + (card & 3)];
		else {
			const bits = s.rankSlots[9 - (card >> 2)];
			j = bits === 0 ? 255 : 31 - Math.clz32(bits & -bits);
		}
		if (j !== 255) return i < j ? pairId(G, i, j) : pairId(G, j, i);
	}
	if (!r.reserves) {
		for (let a = 0; a < 4; a++) {
			if (s.cardSlot[40 + a] === 255) continue;
			for (let b = 0; b < 4; b++) {
				if (r.sameSuit && b !== a || s.cardSlot[44 + b] === 255) continue;
				for (let c = 0; c < 4; c++) {
					if (r.sameSuit && c !== a || s.cardSlot[48 + c] === 255) continue;
					return r.tripleBase + tripleOffset(a, b, c);
				}
			}
		}
		return -1;
	}
	const suit = reserveSuit(s);
	if (suit >= 0) {
		for (let f = 0; f < 3; f++) {
			if (s.reserve[f] !== 255) continue;
			const slot = faceSlot(s, f, r.sameSuit ? suit : -1);
			if (slot !== 255) return r.asideBase + slot;
		}
		return -1;
	}
	let firstFace = 255;
	for (let i = 0; i < G && firstFace === 255; i++) if (s.slotCard[i] !== 255 && s.slotCard[i] >> 2 >= 10) firstFace = i;
	if (firstFace === 255) return -1;
	if (!r.pauseRefill) return r.sameSuit ? -3 : r.asideBase + firstFace;
	for (const u of r.sameSuit ? [
		0,
		1,
		2,
		3
	] : [-1]) {
		const jack = faceSlot(s, 0, u);
		if (jack !== 255 && faceSlot(s, 1, u) !== 255 && faceSlot(s, 2, u) !== 255) return r.asideBase + jack;
	}
	return -2;
}
/** At a DECISION: one set-aside per suit with a face card on the grid (its lowest slot), in suit order. */
function decisionMoves(s, out) {
	out.length = 0;
	const r = s.rules;
	for (let u = 0; u < 4; u++) {
		let slot = 255;
		for (let f = 0; f < 3; f++) {
			const at = s.cardSlot[(10 + f) * 4 + u];
			if (at !== 255 && (slot === 255 || at < slot)) slot = at;
		}
		if (slot !== 255) out.push(r.asideBase + slot);
	}
	return out;
}
/**
* Which moves of `s` are worth the same on every deal: SAFE_CLASS for the moves `nextMove` would
* play without search (a pair, a set, a card that fits the reserves, a set that goes out at once,
* any card with any suits and refill: each is worth what the position is, as solver.ts's opening
* argues); 1 + u for a card that chooses suit u for the next set (Suit Elevens: any of the suit's
* face cards, the others then following); 5 + the slot for a card set aside whose set cannot go out
* (Elevens Too's trap), each on its own. For searches that value each class once.
*/
function moveClass(s, action) {
	const r = s.rules;
	if (!r.reserves || action < r.asideBase || reserveSuit(s) >= 0) return 0;
	const card = s.slotCard[action - r.asideBase];
	if (!r.pauseRefill) return r.sameSuit ? 1 + (card & 3) : 0;
	const suit = r.sameSuit ? card & 3 : -1;
	if (faceSlot(s, 0, suit) !== 255 && faceSlot(s, 1, suit) !== 255 && faceSlot(s, 2, suit) !== 255) return 0;
	return 5 + action - r.asideBase;
}
/** Face cards of suit u on the grid: what `patient` prefers at a decision. */
function faceCardsOnGrid(s, u) {
	let n = 0;
	for (let f = 0; f < 3; f++) if (s.cardSlot[(10 + f) * 4 + u] !== 255) n++;
	return n;
}
/**
* A decision's position as a number: the cards removed, one bit each (card c is 2^c; 52 bits are exact
* in a double). At a decision the reserves are empty and the refill is immediate, so with the deal
* fixed the removed cards say where every other card is.
*/
function removedKey(s) {
	let key = 0;
	for (let k = 0; k < s.stockPos; k++) {
		const c = s.deck[k];
		if (s.cardSlot[c] === 255) key += 2 ** c;
	}
	return key;
}
/**
* The full-information optimum of Elevens deals: the fewest cards left (0 = won) from a position, its
* stock as it lies. It remembers each decision's value for the deal it solves (different orders of
* the same moves meet there) while it is asked about the same deal (`sameDeal`).
*/
var ElevensSolver = class {
	levels;
	moves;
	memo = /* @__PURE__ */ new Map();
	/** The rules it solves (one per option set, shared: `rulesOf`). */
	rules;
	constructor(options) {
		this.rules = rulesOf(options);
		this.levels = Array.from({ length: 6 }, () => elevensGame.createState(options));
		this.moves = Array.from({ length: 6 }, () => []);
	}
	/**
	* The fewest cards left at the end from `s` (its stock order as it lies); `s` is not changed.
	* `sameDeal`: `s` is of the deal of the last call (its stock in the same order), so what was
	* learnt of that deal still holds; by default it is forgotten.
	*/
	cardsLeft(s, sameDeal = false) {
		if (!sameDeal) this.memo.clear();
		elevensGame.copyState(s, this.levels[0]);
		return this.solve(0);
	}
	/** The fewest cards left after `action` (legal in `s`); `sameDeal` as for `cardsLeft`. */
	cardsLeftAfter(s, action, sameDeal = false) {
		if (!sameDeal) this.memo.clear();
		const st = this.levels[0];
		elevensGame.copyState(s, st);
		playSlotMove(st, action);
		return this.solve(0);
	}
	solve(depth) {
		const st = this.levels[depth];
		for (;;) {
			const move = nextMove(st);
			if (move < 0) {
				if (move !== -3) return 52 - st.removed;
				break;
			}
			playSlotMove(st, move);
		}
		const key = removedKey(st);
		const known = this.memo.get(key);
		if (known !== void 0) return known;
		let best = 52;
		for (const move of decisionMoves(st, this.moves[depth])) {
			const next = this.levels[depth + 1];
			elevensGame.copyState(st, next);
			playSlotMove(next, move);
			best = Math.min(best, this.solve(depth + 1));
			if (best === 0) break;
		}
		this.memo.set(key, best);
		return best;
	}
};
// src/games/elevens/agents/common.ts
/** The engine state and options of a running Elevens env; a caller's mistake otherwise, named. */
function elevensEnv(env, agent) {
	checkPlaying(env, agent);
	const view = elevensOf(env);
	if (view === null) throw new TengymError("bad-argument", `agent "${agent}" plays Elevens (elevens, elevens-reserve, elevens-too, suit-elevens), not ${env.id}`);
	return view;
}
/**
* `patient`'s move: the move that needs no search (a pair, a set, a card that fits the reserves,
* a set that completes at once); at a decision the suit with the most face cards on the grid (the
* set closest to going out), the lowest suit on a tie; where every move ends the same, the lowest id.
*/
function patientMove(env, state) {
	const move = nextMove(state);
	if (move >= 0) return move;
	if (move === -2 || move === -1) return env.legal[0];
	return patientChoice(state, decisionMoves(state, []));
}
/** Among a decision's moves (one per suit, in suit order), the one whose suit has the most face cards on the grid. */
function patientChoice(state, moves) {
	let best = moves[0];
	let most = -1;
	for (const move of moves) {
		const n = faceCardsOnGrid(state, state.slotCard[move - state.rules.asideBase] & 3);
		if (n > most) {
			most = n;
			best = move;
		}
	}
	return best;
}
// src/games/elevens/agents/oracle.ts
var OracleAgent = class {
	name = "oracle";
	fair = false;
	solver = null;
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	act(env) {
		const { state, options } = elevensEnv(env, this.name);
		const move = nextMove(state);
		if (move >= 0) return move;
		if (move !== -3) return env.legal[0];
		const solver = this.solverFor(options);
		const moves = decisionMoves(state, []);
		let best = patientChoice(state, moves);
		let fewest = solver.cardsLeftAfter(state, best);
		for (const m of moves) {
			const left = solver.cardsLeftAfter(state, m, true);
			if (left < fewest) {
				fewest = left;
				best = m;
			}
		}
		return best;
	}
	/** Every legal move, by minus the fewest cards left after it on the true deal (0 = it still wins). */
	score(env) {
		const { state, options } = elevensEnv(env, this.name);
		const solver = this.solverFor(options);
		const actions = env.legalActions().map((action, i) => ({
			action,
			score: -solver.cardsLeftAfter(state, action, i > 0)
		}));
		actions.sort((a, b) => b.score - a.score || a.action - b.action);
		return {
			kind: "value",
			unit: "minus-cards-left",
			actions: actions.map((a) => ({
				...a,
				cardsLeft: -a.score
			}))
		};
	}
	solverFor(options) {
		if (this.solver === null || this.solver.rules !== rulesOf(options)) this.solver = new ElevensSolver(options);
		return this.solver;
	}
};
// src/games/elevens/agents/patient.ts
var PatientAgent = class extends SeedlessAgent {
	name = "patient";
	act(env) {
		const { state } = elevensEnv(env, this.name);
		return patientMove(env, state);
	}
};
/** A 32-bit hash of what a player sees: the grid, the reserves, the unseen cards (sorted). Never the stock's order. */
function seenHash$1(state, unseenSorted, unseen) {
	let h = mix32(24301 ^ unseen << 16);
	for (let i = 0; i < state.slotCard.length; i++) h = mix32(h + state.slotCard[i] + (i << 8));
	for (let f = 0; f < 3; f++) h = mix32(h + state.reserve[f] + (f + 1 << 12));
	for (let k = 0; k < unseen; k++) h = mix32(h + unseenSorted[k] + 65536);
	return h >>> 0;
}
var PimcAgent = class {
	samples;
	name;
	fair = true;
	seed = 0;
	solver = null;
	sample = null;
	unseen = /* @__PURE__ */ new Uint8Array(52);
	constructor(samples = 64, name = "pimc") {
		this.samples = samples;
		this.name = name;
	}
	reset(seed) {
		this.seed = validateSeed(seed, `agent "${this.name}" seed`);
	}
	act(env) {
		const { state, options } = elevensEnv(env, this.name);
		const move = nextMove(state);
		if (move >= 0) return move;
		if (move !== -3) return env.legal[0];
		const moves = decisionMoves(state, []);
		const t = this.tally(state, options, moves);
		let best = moves.indexOf(patientChoice(state, moves));
		for (let i = 0; i < moves.length; i++) if (t.wins[i] > t.wins[best] || t.wins[i] === t.wins[best] && t.left[i] < t.left[best]) best = i;
		return moves[best];
	}
	/** Every legal move by the share of sampled stocks it still wins, best first (then fewer cards left, lower id). */
	score(env) {
		const { state, options } = elevensEnv(env, this.name);
		const moves = env.legalActions();
		const t = this.tally(state, options, moves);
		const order = moves.map((_, i) => i);
		order.sort((a, b) => t.wins[b] - t.wins[a] || t.left[a] - t.left[b] || moves[a] - moves[b]);
		return {
			kind: "win-probability",
			actions: order.map((i) => ({
				action: moves[i],
				score: t.wins[i] / t.samples,
				cardsLeft: t.left[i] / t.samples
			})),
			...t.samples > 1 ? { samples: t.samples } : {}
		};
	}
	/** Each move solved on the same sampled stocks (the true one alone once nothing is unseen: it is then known). */
	tally(state, options, moves) {
		if (this.solver === null || this.solver.rules !== rulesOf(options)) {
			this.solver = new ElevensSolver(options);
			this.sample = elevensGame.createState(options);
		}
		const solver = this.solver;
		const sample = this.sample;
		const unseen = 52 - state.stockPos;
		this.unseen.set(state.deck.subarray(state.stockPos));
		this.unseen.subarray(0, unseen).sort();
		const rng = createRng(deriveSeed(this.seed, seenHash$1(state, this.unseen, unseen)));
		const samples = unseen > 0 ? this.samples : 1;
		const t = {
			wins: new Float64Array(moves.length),
			left: new Float64Array(moves.length),
			samples
		};
		const classes = moves.map((m) => moveClass(state, m));
		const firstOfClass = classes.map((c) => classes.indexOf(c));
		const onSample = new Float64Array(moves.length);
		for (let k = 0; k < samples; k++) {
			elevensGame.copyState(state, sample);
			shuffleInPlace(rng, this.unseen, unseen);
			sample.deck.set(this.unseen.subarray(0, unseen), state.stockPos);
			for (let i = 0; i < moves.length; i++) {
				const j = firstOfClass[i];
				onSample[i] = j < i ? onSample[j] : solver.cardsLeftAfter(sample, moves[i], i > 0);
				if (onSample[i] === 0) t.wins[i]++;
				t.left[i] += onSample[i];
			}
		}
		return t;
	}
};
// src/games/elevens/agents/index.ts
const ELEVENS = [elevensGame];
registerModule({
	game: elevensGame,
	ids: [
		{
			id: "elevens",
			title: "Elevens",
			description: "Elevens (book and AP lab rules): 3×3 grid, remove pairs making 11 and J+Q+K together; no real decisions"
		},
		{
			id: "elevens-reserve",
			title: "Elevens with reserves",
			preset: { faceCards: "reserve" },
			description: "Elevens as PySolFC plays it: face cards set aside one at a time, J+Q+K out once all three are aside"
		},
		{
			id: "elevens-too",
			title: "Elevens Too",
			preset: { faceCards: "reserve-no-refill" },
			description: "Elevens Too (PySolFC): face cards set aside, and no refill while one is; setting aside too early loses"
		},
		{
			id: "suit-elevens",
			title: "Suit Elevens",
			preset: {
				grid: 15,
				suits: "same",
				faceCards: "reserve"
			},
			description: "Suit Elevens (PySolFC): 3×5 grid, pairs and J-Q-K sets of one suit, set aside one at a time"
		}
	],
	kit: {
		agents: [
			{
				name: "patient",
				description: "pairs and sets first; a face card goes aside only when it fits the reserves or its set goes out at once; at a choice of suit, the suit with the most face cards on the grid (the exact optimum in elevens-too)",
				fair: true,
				games: ELEVENS,
				create: () => new PatientAgent()
			},
			{
				name: "pimc",
				description: "determinized search: at Suit Elevens' choice of suit, solves sampled orders of the unseen cards exactly and plays the suit that wins most often",
				fair: true,
				games: ELEVENS,
				create: () => new PimcAgent()
			},
			{
				name: "oracle",
				description: "CHEATS, sees the stock order: the exact optimum of the true deal. The upper bound for the fair agents, not a fair agent",
				fair: false,
				games: ELEVENS,
				create: () => new OracleAgent()
			}
		],
		simpleBaseline: "patient",
		searches: ["pimc"],
		solver: "oracle",
		difficultyThirds: {
			"elevens-too": {
				deals: 1e3,
				seed: 1,
				easy: 9,
				medium: 12,
				command: "npx tsx research/deal-difficulty.ts --env elevens-too --deals 1000 --seed 1"
			},
			"suit-elevens": {
				deals: 1e3,
				seed: 1,
				easy: 3,
				medium: 6,
				command: "npx tsx research/deal-difficulty.ts --env suit-elevens --deals 1000 --seed 1"
			}
		},
		hintBaseline: (env, baseline) => env.options.faceCards === "reserve-no-refill" ? baseline("patient", "the exact optimum: a face card goes aside only when its set goes out at once") : baseline("pimc", "a search that plays out many guesses of the unseen cards")
	}
}, { shipped: true });
shipGame(plainSlotGame({
	name: "thirteens",
	rules: {
		slots: 10,
		columns: 5,
		pairSum: 13,
		singles: [12],
		refill: "at-once"
	},
	prompt: "Remove two cards that make 13, or a king alone."
}), { agents: [] }, {
	id: "thirteens",
	title: "Thirteens",
	description: "Thirteens (Good Thirteen, Helsinki): ten cards, remove pairs making 13 and kings alone; no real decisions"
});
// src/games/simple-pairs/engine.ts
/**
* Simple Pairs (`simple-pairs`; also Jamestown, Pirate Gold, Treasure Hunt, Hunter) and Simple Carlo
* (`simple-carlo`): the rules for players are in rules.md beside this file.
*
* A grid of `grid` face-up slots (3 × 3, or 5 × 5 for Simple Carlo) dealt from a shuffled 52-card deck
* (deck[0..G−1] to slots 0..G−1, the stock starts at deck[G]). Remove two cards of the same rank, from
* any two slots. Emptied slots are refilled from the stock at once, lowest slot first (PySolFC
* `SimplePairs`, montecarlo.py:309; `SimpleCarlo`, montecarlo.py:267, whose slide before the refill
* changes nothing here: any two slots pair). The game has no real decisions: a pair stays on the grid
* until it is played, and two pairs that compete for a card differ only in suits, which never matter;
* so every legal order of moves reaches the same end (test/games/simple-pairs/decisions.test.ts).
*
* ## Options
*
* | option      | values             | default | meaning                                                          |
* |-------------|--------------------|---------|------------------------------------------------------------------|
* | `grid`      | 9, 25              | 9       | slots: 3 × 3 (Simple Pairs) or 5 × 5 (Simple Carlo)              |
* | `undoLimit` | 0, 3, 'unlimited'  | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'     | 'win'   | see Rewards                                                      |
*
* ## Actions (G = `grid`, P = G(G−1)/2)
*
* | id       | action                                                                          |
* |----------|---------------------------------------------------------------------------------|
* | 0 … P−1  | remove the cards of slots (i, j), i < j, in lexicographic order: (0,1) = 0, (0,2) = 1, …; id = G·i − i(i+1)/2 + j − i − 1. Legal when they are of one rank |
*
* G = 9: 36 ids; G = 25: 300 ids.
*
* ## Observation (Float32Array of 13·G + 14)
*
* | index             | meaning                                                                  |
* |-------------------|--------------------------------------------------------------------------|
* | 13·i + r          | 1 when slot i holds a card of rank r (A = 0 … K = 12); an empty slot is all zero |
* | 13·G + r, r < 13  | cards of rank r unseen (in the stock) / 4                                 |
* | 13·G + 13         | stock size / 52                                                           |
*
* 131 floats for G = 9, 339 for G = 25. Suits never matter and the order of the stock is never shown.
* Bounds (`observationBounds`): every float lies in [0, 1], except the stock size, in [0, (52 − G)/52].
*
* ## Rewards
*
* `'win'` (default): +1 on the final step of a won game, else 0. `'cards'`: +2 a pair (the return is
* 52 − cards left).
*
* ## Episode end
*
* Terminated when no action is legal (a deal with none is over at `reset`); never truncated: every
* move removes two cards. Won when all 52 cards are removed. Outcome: `{ won, cardsLeft }`.
*/
const simplePairsOptionsSchema = /* @__PURE__ */ strictObject$1({
	grid: (/* @__PURE__ */ _default$1(/* @__PURE__ */ literal$1([9, 25]), 9)).check(describe("Slots: 3 × 3 (Simple Pairs) or 5 × 5 (Simple Carlo)")),
	...slotOptionFields("removed")
});
const EVERY_RANK = Array.from({ length: 13 }, (_, r) => r);
registerModule({
	game: slotGame({
		name: "simple-pairs",
		optionsSchema: simplePairsOptionsSchema,
		rules: (o) => ({
			slots: o.grid,
			columns: Math.sqrt(o.grid),
			pairSum: 0,
			sameRankPairs: EVERY_RANK,
			refill: "at-once"
		}),
		prompt: () => "Remove two cards of the same rank."
	}),
	ids: [{
		id: "simple-pairs",
		title: "Simple Pairs",
		description: "Simple Pairs (Jamestown, Pirate Gold): 3×3 grid, remove two cards of a rank; no real decisions"
	}, {
		id: "simple-carlo",
		title: "Simple Carlo",
		preset: { grid: 25 },
		description: "Simple Carlo: 5×5 grid, remove two cards of a rank from any two slots; no real decisions"
	}],
	kit: { agents: [] }
}, { shipped: true });
/** Nines' engine: its layout and rules, declared over the slot layout. */
const ninesGame = plainSlotGame({
	name: "nines",
	rules: {
		slots: 9,
		columns: 3,
		pairSum: 9,
		singles: [8],
		sets: {
			ranks: [
				9,
				10,
				11,
				12
			],
			how: "reserve-no-refill"
		},
		refill: "at-once"
	},
	prompt: "Remove two cards that make 9 or a nine alone, or set a 10, a jack, a queen or a king aside.",
	sameOutcome: false
});
shipGame(ninesGame, {
	agents: [slotPatientSpec([ninesGame])],
	simpleBaseline: "patient",
	solver: "patient",
	ladders: { nines: {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env nines --agents random,first,patient --episodes 3000 --seed 1 --reference patient"],
		wins: {
			random: 0,
			first: 190,
			patient: 190
		}
	} },
	hintBaseline: (_env, baseline) => baseline("patient", "the exact optimum: a card goes aside only when its set can go out")
}, {
	id: "nines",
	title: "Nines",
	description: "Nines (PySolFC): 3×3 grid, pairs making 9, nines alone, 10-J-Q-K set aside with no refill meanwhile"
});
// src/agents/slot-search.ts
/**
* Agents for any game over the slot layout (src/env/layouts/slots.ts) whose moves are real decisions: where a pair
* is taken changes what touches next (the grid games), or what the next deal brings. Written once for the layout:
* a game's kit lists them with `slotSearchAgents(games)`.
*
* | agent    | fair | idea |
* |----------|------|------|
* | `greedy` | yes  | the removal taking the most cards, then the one leaving the most moves after it; a deal last |
* | `pimc`   | yes  | determinized search: deals sampled orders of the unseen cards, solves each legal move on each (within a budget) and plays the move that wins the most samples |
* | `oracle` | NO   | cheats, sees the stock order: a depth-first solve of the true deal (within a budget), the upper bound |
*
* The fair agents never read the stock's order. Where a move's refill draws from the stock, `greedy` plays it on a
* copy whose stock holds the unseen cards in card order, and `pimc` on copies whose stock is its own shuffles of
* them, from a generator seeded by the episode's seed and what the player sees.
*/
/** The slot state of a running env of a slot game; a caller's mistake otherwise, named. */
function slotState(env, agent) {
	checkPlaying(env, agent);
	const state = env.rawState;
	if (!("rulesOf" in env.game) || state?.slotCard === void 0) throw new TengymError("bad-argument", `agent "${agent}" plays games over the slot layout, not ${env.id}`);
	return state;
}
/** Scratch states and move lists of one rule set, made once: a search allocates nothing per move. */
var Scratch = class {
	root;
	mask;
	states = [];
	lists = [];
	constructor(root) {
		this.root = root;
		this.mask = new Uint8Array(root.rules.numActions);
	}
	state(depth) {
		while (this.states.length <= depth) this.states.push(createState$4(this.root.rules));
		return this.states[depth];
	}
	legal(depth) {
		while (this.lists.length <= depth) this.lists.push(new Int32Array(this.root.rules.numActions));
		return this.lists[depth];
	}
};
const scratches = /* @__PURE__ */ new WeakMap();
function scratchFor(s) {
	let scratch = scratches.get(s.rules);
	if (scratch === void 0) {
		scratch = new Scratch(s);
		scratches.set(s.rules, scratch);
	}
	return scratch;
}
/** `dst` = `src` with the unseen cards put in card order: what a fair player may play a refill from. */
function copySeen(src, dst) {
	copyState$4(src, dst);
	dst.deck.subarray(dst.stockPos).sort();
}
/** Cards removed by a move (`after`: the state it leads to): what `greedy` takes first. */
function removedBy(s, action, after) {
	const r = s.rules;
	if (action < r.pairCount) return 2;
	if (action === r.dealId || action === r.drawId) return 0;
	if (r.pileBase >= 0) return after.removed - s.removed;
	return 1;
}
/** Removals legal in `s` (the deal and the draw, the last ids, left out), counted on the scratch lists of `depth`. */
function removalsIn(s, scratch, depth) {
	const list = scratch.legal(depth);
	let n = legalActions$4(s, null, scratch.mask, list);
	while (n > 0 && (list[n - 1] === s.rules.dealId || list[n - 1] === s.rules.drawId)) n--;
	return n;
}
/**
* `greedy`'s rank of each legal move: 100 per card it removes, plus the removals legal after it, plus, where the
* player deals, those legal after a deal too (each played on a copy whose unseen cards lie in card order); a deal
* or a draw to the extra slot ranks below every removal.
*/
function greedyRanks(s, legal, n, out) {
	const scratch = scratchFor(s);
	const after = scratch.state(0);
	const dealt = scratch.state(1);
	const dealId = s.rules.dealId;
	for (let k = 0; k < n; k++) {
		copySeen(s, after);
		stepState$2(after, null, legal[k]);
		const removed = removedBy(s, legal[k], after);
		let moves = removalsIn(after, scratch, 0);
		if (dealId >= 0 && legal[k] !== dealId && after.legalCount > moves) {
			copyState$4(after, dealt);
			stepState$2(dealt, null, dealId);
			moves += removalsIn(dealt, scratch, 0);
		}
		out[k] = legal[k] === dealId || legal[k] === s.rules.drawId ? moves / 1e3 : 100 * removed + moves;
	}
}
function rankedScores(kind, legal, scores, n) {
	const actions = Array.from({ length: n }, (_, k) => ({
		action: legal[k],
		score: scores[k]
	}));
	actions.sort((x, y) => y.score - x.score || x.action - y.action);
	return {
		kind,
		actions
	};
}
/** `greedy`: the removal taking the most cards, then leaving the most moves; a deal only when nothing else is left. */
var SlotGreedyAgent = class extends BestScoredAgent {
	name = "greedy";
	score(env) {
		const s = slotState(env, this.name);
		const ranks = new Float64Array(env.legalCount);
		greedyRanks(s, env.legal, env.legalCount, ranks);
		return rankedScores("heuristic", env.legal, ranks, env.legalCount);
	}
};
/** A 32-bit hash of what a player sees: the slots, the stock's size and its composition, never its order. */
function seenHash(s) {
	let h = mix32(s.stockPos * 2654435761 + s.removed + 65536 * s.drawsLeft);
	for (let i = 0; i < s.rules.slots; i++) h = mix32(h + s.slotCard[i]);
	let composition = 0;
	for (let k = s.stockPos; k < s.rules.deckSize; k++) composition += Math.imul(s.deck[k] + 1, 625341585) >>> 0;
	return mix32(h ^ (composition | 0)) >>> 0;
}
/** The lowest legal move that removes cards, else the lowest (a deal): the rollout policy of `pimc`. */
function rolloutMove(legal, n, dealId) {
	return legal[0] === dealId && n > 1 ? legal[1] : legal[0];
}
/** Plays `s` out by `rolloutMove`; returns the cards left (0 for a win). */
function playOut(s, scratch) {
	const list = scratch.legal(1);
	for (;;) {
		const n = legalActions$4(s, null, scratch.mask, list);
		if (n === 0) return isWon$2(s) ? 0 : s.rules.deckSize - s.removed;
		stepState$2(s, null, rolloutMove(list, n, s.rules.dealId));
	}
}
/** The defaults: a decision in a few milliseconds. */
const SLOT_PIMC_CONFIG = {
	samples: 8,
	budget: 200
};
/**
* `pimc`: at a decision, deals `samples` shuffles of the unseen cards; on each it solves the position after every
* legal move (the solver of `oracle`, at most `budget` positions) and, where the solve finds no win, plays the rest
* out by the rollout policy. It plays the move that wins the most samples, then the one leaving the fewest cards on
* average (`greedy`'s order on a tie). Once nothing is unseen a single "sample" is the true rest of the game.
*/
var SlotPimcAgent = class {
	name = "pimc";
	fair = true;
	config;
	seed = 0;
	solver = null;
	rules = null;
	constructor(config = {}) {
		this.config = {
			...SLOT_PIMC_CONFIG,
			...config
		};
	}
	reset(seed) {
		this.seed = validateSeed(seed, `agent "${this.name}" seed`);
	}
	act(env) {
		slotState(env, this.name);
		if (env.legalCount === 1) return env.legal[0];
		return this.score(env).actions[0].action;
	}
	/** Score: the fraction of sampled deals in which the move still wins ('win-probability'). */
	score(env) {
		const s = slotState(env, this.name);
		const n = env.legalCount;
		const legal = Int32Array.from(env.legal.subarray(0, n));
		const scratch = scratchFor(s);
		if (this.solver === null || this.rules !== s.rules) {
			this.solver = new SlotSolver(scratch);
			this.rules = s.rules;
		}
		const sample = scratch.state(2);
		const child = scratch.state(3);
		const wins = new Float64Array(n);
		const left = new Float64Array(n);
		const samples = s.rules.deckSize - s.stockPos > 1 ? this.config.samples : 1;
		const rng = createRng(deriveSeed(this.seed, seenHash(s)));
		for (let k = 0; k < samples; k++) {
			copySeen(s, sample);
			shuffleInPlace(rng, sample.deck.subarray(sample.stockPos));
			this.solver.forget();
			for (let m = 0; m < n; m++) {
				copyState$4(sample, child);
				stepState$2(child, null, legal[m]);
				if (this.solver.solve(child, this.config.budget)) wins[m]++;
				else left[m] += playOut(child, scratch);
			}
		}
		const ties = new Float64Array(n);
		greedyRanks(s, legal, n, ties);
		const order = Array.from({ length: n }, (_, m) => m);
		order.sort((a, b) => wins[b] - wins[a] || left[a] - left[b] || ties[b] - ties[a] || legal[a] - legal[b]);
		return {
			kind: "win-probability",
			actions: order.map((m) => ({
				action: legal[m],
				score: wins[m] / samples
			}))
		};
	}
};
/** Positions a solve of one decision may visit (the oracle gives up on a deal past it). */
const SLOT_SOLVE_BUDGET = 2e5;
/** A depth-first solve of the true deal: whether a position can still be won, with the lost positions remembered. */
var SlotSolver = class {
	scratch;
	nodes = 0;
	aborted = false;
	budget = 0;
	lost = /* @__PURE__ */ new Set();
	constructor(scratch) {
		this.scratch = scratch;
	}
	forget() {
		this.lost.clear();
	}
	/** Whether `s` can be won within `budget` positions; `aborted` when the budget ran out first. */
	solve(s, budget) {
		this.nodes = 0;
		this.budget = budget;
		this.aborted = false;
		return this.wins(s, 4);
	}
	wins(s, depth) {
		if (isWon$2(s)) return true;
		if (++this.nodes > this.budget) {
			this.aborted = true;
			return false;
		}
		const key = positionKey(s);
		if (this.lost.has(key)) return false;
		const list = this.scratch.legal(depth);
		const child = this.scratch.state(depth);
		const n = legalActions$4(s, null, this.scratch.mask, list);
		for (let k = 0; k < n; k++) {
			copyState$4(s, child);
			stepState$2(child, null, list[k]);
			if (this.wins(child, depth + 1)) return true;
			if (this.aborted) return false;
		}
		this.lost.add(key);
		return false;
	}
};
/** A hash of the deal's order (the lost positions a solver remembers hold for one deal only). */
function dealHash(s) {
	let h = 2166136261;
	for (let k = 0; k < s.deck.length; k++) h = mix32(h + s.deck[k]);
	return h >>> 0;
}
/** A 52-bit key of a position of one deal: the slots, the stock's place, the draws left, the group pile. */
function positionKey(s) {
	let a = s.stockPos + 256 * s.drawsLeft;
	let b = 625341585 ^ s.stockPos;
	if (s.pileSize > 0) a = mix32(a + 65536 * s.pileSize + 256 * s.pileTotal + s.pileSets);
	for (let i = 0; i < s.rules.slots; i++) {
		a = mix32(a + s.slotCard[i]);
		b = mix32(b ^ s.slotCard[i] + 256 * i);
	}
	return (a >>> 0) * 1048576 + (b & 1048575);
}
/**
* `oracle`: CHEATS, sees the stock's order. Solves the position after each legal move on the true deal and plays a
* winning one (`greedy`'s favourite among them); where none is found within the budget, `greedy`'s move.
*/
var SlotOracleAgent = class {
	budget;
	name = "oracle";
	fair = false;
	solver = null;
	rules = null;
	/** The deal the solver's lost positions belong to. */
	deal = -1;
	constructor(budget = SLOT_SOLVE_BUDGET) {
		this.budget = budget;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
		this.solver?.forget();
		this.deal = -1;
	}
	act(env) {
		slotState(env, this.name);
		if (env.legalCount === 1) return env.legal[0];
		return this.ranked(env, true).actions[0].action;
	}
	/** Score: 1 for a move after which the deal can still be won (found within the budget), else 0; `greedy`'s order. */
	score(env) {
		return this.ranked(env, false);
	}
	/** The moves ranked; `firstWin`: stop at the first move found to win (what `act` needs). */
	ranked(env, firstWin) {
		const s = slotState(env, this.name);
		const scratch = scratchFor(s);
		const deal = dealHash(s);
		if (this.solver === null || this.rules !== s.rules || deal !== this.deal) {
			this.solver = new SlotSolver(scratch);
			this.rules = s.rules;
			this.deal = deal;
		}
		const n = env.legalCount;
		const legal = Int32Array.from(env.legal.subarray(0, n));
		const ranks = new Float64Array(n);
		greedyRanks(s, legal, n, ranks);
		const wins = new Float64Array(n);
		const child = scratch.state(2);
		let left = this.budget;
		for (let m = 0; m < n && left > 0; m++) {
			copyState$4(s, child);
			stepState$2(child, null, legal[m]);
			wins[m] = this.solver.solve(child, left) ? 1 : 0;
			left -= this.solver.nodes;
			if (wins[m] === 1 && firstWin) break;
		}
		const order = Array.from({ length: n }, (_, m) => m);
		order.sort((a, b) => wins[b] - wins[a] || ranks[b] - ranks[a] || legal[a] - legal[b]);
		return {
			kind: "win-probability",
			actions: order.map((m) => ({
				action: legal[m],
				score: wins[m]
			}))
		};
	}
};
/**
* The catalogue entries of the slot agents for these games (a game's kit lists them); `oracle: false` leaves out the
* oracle, for games whose deals it cannot solve in time.
*/
function slotSearchAgents(games, { oracle = true } = {}) {
	const agents = [{
		name: "greedy",
		description: "the removal that takes the most cards, then the one that leaves the most moves after it; a deal only when nothing else is left",
		fair: true,
		games,
		create: () => new SlotGreedyAgent()
	}, {
		name: "pimc",
		description: "determinized search: deals sampled orders of the unseen cards, solves the position after each legal move on each within a budget, and plays the move that wins the most samples",
		fair: true,
		games,
		create: () => new SlotPimcAgent()
	}];
	if (!oracle) return agents;
	agents.push({
		name: "oracle",
		description: "CHEATS, sees the stock order: a depth-first solve of the true deal within a budget, else greedy's move. Not a fair agent; a bound on them only where its solves finish in the budget",
		fair: false,
		games,
		create: () => new SlotOracleAgent()
	});
	return agents;
}
/**
* The kit of a slot game played by these agents: `greedy` the simple baseline, `pimc` the fair search that ranks
* hints, `oracle` the solver that sees the stock, and the ladders measured for its ids.
*/
function slotSearchKit(game, ladders) {
	return {
		agents: slotSearchAgents([game]),
		simpleBaseline: "greedy",
		searches: ["pimc"],
		solver: "oracle",
		ladders,
		hintBaseline: (_env, baseline) => baseline("pimc", "a search that plays out many guesses of the unseen cards")
	};
}
// src/games/monte-carlo/kit.ts
const ladder = (id, agents, wins) => ({
	deals: 3e3,
	seed: 1,
	commands: [`tengym eval --env ${id} --agents ${agents} --episodes 3000 --seed 1 --reference greedy`, ..."pimc" in wins ? [`tengym eval --env ${id} --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy`] : []],
	wins
});
/** The agents' win rates on 3,000 paired deals, measured by the commands given (a loaded machine; wins only). */
const LADDERS$1 = {
	"monte-carlo": ladder("monte-carlo", "random,first,greedy,oracle", {
		random: 563,
		first: 942,
		greedy: 994,
		pimc: 2234,
		oracle: 2685
	}),
	weddings: ladder("weddings", "random,first,greedy", {
		random: 0,
		first: 0,
		greedy: 0,
		pimc: 0
	}),
	neighbour: ladder("neighbour", "random,first,greedy,oracle", {
		random: 685,
		first: 2063,
		greedy: 2617,
		pimc: 2947,
		oracle: 2980
	}),
	quatorze: ladder("quatorze", "random,first,greedy,oracle", {
		random: 2239,
		first: 2457,
		greedy: 2728,
		pimc: 2773,
		oracle: 2996
	})
};
/** The kit of one grid game; `solvable: false` leaves out the oracle, which cannot solve its deals in time. */
function gridKit(game, { solvable = true } = {}) {
	return {
		agents: slotSearchAgents([game], { oracle: solvable }),
		simpleBaseline: "greedy",
		searches: ["pimc"],
		...solvable ? { solver: "oracle" } : {},
		ladders: LADDERS$1,
		hintBaseline: (_env, baseline) => baseline("pimc", "a search that plays out many guesses of the unseen cards")
	};
}
// src/games/monte-carlo/grid.ts
/**
* What the grid games share: their options (undos and the reward), and their engine from a declaration of the 5 × 5
* grid's rules. Their moves are decisions, so two orders of moves may end differently.
*/
const gridOptionsSchema = /* @__PURE__ */ strictObject$1({ ...slotOptionFields("removed") });
/** Every rank, A … K, for games whose pairs are two cards of one rank. */
const ALL_RANKS = [
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	10,
	11,
	12
];
/** A grid game's engine: its name, its rules on the 5 × 5 grid, and its prompt. */
function gridGame({ name, rules, prompt }) {
	return slotGame({
		name,
		optionsSchema: gridOptionsSchema,
		rules: () => ({
			slots: 25,
			columns: 5,
			refill: "on-deal",
			...rules
		}),
		prompt: () => prompt,
		sameOutcome: false
	});
}
// src/games/monte-carlo/monte-carlo.ts
/**
* Monte Carlo (`monte-carlo`; also Quilt): the rules for players are in rules.md beside this file.
*
* Twenty-five face-up slots in five rows of five, dealt from a shuffled 52-card deck (deck[0..24] to slots 0..24,
* the stock starts at deck[25]). Remove two cards of the same rank lying in touching slots: the eight slots around
* a card, across rows and diagonals. Emptied slots stay empty until the player deals: the cards then slide to close
* the gaps in reading order, and the stock fills the empty slots at the end (PySolFC `montecarlo.py` `MonteCarlo`,
* line 111). The order of the pairs matters: a pair taken changes which cards touch after the next deal.
*
* ## Options
*
* | option      | values            | default | meaning                                                          |
* |-------------|-------------------|---------|------------------------------------------------------------------|
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
*
* ## Actions
*
* | id       | action                                                                                        |
* |----------|-----------------------------------------------------------------------------------------------|
* | 0 … 299  | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they have one rank and their slots touch |
* | 300      | consolidate: the cards close the gaps in reading order, then the stock fills the end slots. Legal while a gap lies before a card, or a slot is empty and the stock holds a card |
*
* ## Observation (Float32Array of 339)
*
* 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
* 338 is the stock size / 52. The order of the stock is never shown.
*
* ## Rewards
*
* 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, 0 the deal.
*
* ## Episode end
*
* Terminated when no action is legal; never truncated (every deal moves a card or deals one). Won when all 52
* cards are removed. Outcome: `{ won, cardsLeft }`.
*/
/** Monte Carlo's engine: its layout and rules, declared. */
const monteCarloGame = gridGame({
	name: "monte-carlo",
	rules: {
		pairSum: 0,
		sameRankPairs: ALL_RANKS,
		touch: "neighbours",
		consolidate: "on-deal"
	},
	prompt: "Remove two cards of one rank in touching slots, or consolidate."
});
// src/games/monte-carlo/neighbour.ts
/**
* Neighbour (`neighbour`): the rules for players are in rules.md beside this file.
*
* Twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the stock starts at deck[25]). Remove
* two cards whose values make 13 (A = 1 … 10, J = 11, Q = 12) lying in touching slots, the eight around a card, or
* a king alone. After every removal the cards slide to close the gaps in reading order and the stock fills the end
* slots (PySolFC `montecarlo.py` `Neighbour`, line 572).
*
* ## Options
*
* | option      | values            | default | meaning                                                          |
* |-------------|-------------------|---------|------------------------------------------------------------------|
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
*
* ## Actions
*
* | id        | action                                                                                       |
* |-----------|----------------------------------------------------------------------------------------------|
* | 0 … 299   | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they make 13 and their slots touch |
* | 300 … 324 | remove the king of slot i: id = 300 + i                                                       |
*
* ## Observation (Float32Array of 339)
*
* 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
* 338 is the stock size / 52. The order of the stock is never shown.
*
* ## Rewards
*
* 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, +1 a king.
*
* ## Episode end
*
* Terminated when no action is legal; never truncated: every move removes a card. Won when all 52 cards are
* removed. Outcome: `{ won, cardsLeft }`.
*/
/** Neighbour's engine: its layout and rules, declared. */
const neighbourGame = gridGame({
	name: "neighbour",
	rules: {
		refill: "at-once",
		pairSum: 13,
		singles: [12],
		touch: "neighbours",
		consolidate: "after-removal"
	},
	prompt: "Remove two touching cards that make 13, or a king alone."
});
// src/games/monte-carlo/quatorze.ts
/**
* Quatorze (`quatorze`): the rules for players are in rules.md beside this file.
*
* Twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the stock starts at deck[25]). Remove
* two cards whose values make 14 (A = 1 … 10, J = 11, Q = 12, K = 13) lying in one row or one column. While the
* stock lasts each emptied slot takes a stock card in place, at once, in reading order; once the stock is out the
* cards slide to close the gaps in reading order after every removal (PySolFC `montecarlo.py` `Quatorze`, line 292).
*
* ## Options
*
* | option      | values            | default | meaning                                                          |
* |-------------|-------------------|---------|------------------------------------------------------------------|
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
*
* ## Actions
*
* | id       | action                                                                                        |
* |----------|-----------------------------------------------------------------------------------------------|
* | 0 … 299  | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they make 14 and share a row or a column |
*
* ## Observation (Float32Array of 339)
*
* 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
* 338 is the stock size / 52. The order of the stock is never shown.
*
* ## Rewards
*
* 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair.
*
* ## Episode end
*
* Terminated when no action is legal; never truncated: every move removes two cards. Won when all 52 cards are
* removed. Outcome: `{ won, cardsLeft }`.
*/
/** Quatorze's engine: its layout and rules, declared. */
const quatorzeGame = gridGame({
	name: "quatorze",
	rules: {
		refill: "at-once",
		pairSum: 14,
		touch: "line",
		consolidate: "once-stock-out"
	},
	prompt: "Remove two cards that make 14 in one row or one column."
});
// src/games/monte-carlo/weddings.ts
/**
* Weddings (`weddings`): the rules for players are in rules.md beside this file.
*
* Monte Carlo's grid and pairs: twenty-five face-up slots in five rows of five (deck[0..24] to slots 0..24, the
* stock starts at deck[25]); remove two cards of the same rank lying in touching slots, the eight around a card.
* Emptied slots stay empty until the player deals: then each card rises up its own column past the empty slots
* above it, and the stock fills the empty slots, now at the foot of the columns, in reading order (PySolFC
* `montecarlo.py` `Weddings`, line 233).
*
* ## Options
*
* | option      | values            | default | meaning                                                          |
* |-------------|-------------------|---------|------------------------------------------------------------------|
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
*
* ## Actions
*
* | id       | action                                                                                        |
* |----------|-----------------------------------------------------------------------------------------------|
* | 0 … 299  | remove the cards of slots (i, j), i < j, lexicographic: id = 25i − i(i+1)/2 + j − i − 1. Legal when they have one rank and their slots touch |
* | 300      | consolidate: the cards rise up their columns, then the stock fills the empty slots. Legal while an empty slot lies above a card, or a slot is empty and the stock holds a card |
*
* ## Observation (Float32Array of 339)
*
* 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 325 + r is the unseen cards of rank r / 4;
* 338 is the stock size / 52. The order of the stock is never shown.
*
* ## Rewards
*
* 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, 0 the deal.
*
* ## Episode end
*
* Terminated when no action is legal; never truncated (every deal moves a card or deals one). Won when all 52
* cards are removed. Outcome: `{ won, cardsLeft }`.
*/
/** Weddings's engine: its layout and rules, declared. */
const weddingsGame = gridGame({
	name: "weddings",
	rules: {
		pairSum: 0,
		sameRankPairs: ALL_RANKS,
		touch: "neighbours",
		consolidate: "up-columns"
	},
	prompt: "Remove two cards of one rank in touching slots, or consolidate up the columns."
});
// src/games/monte-carlo/index.ts
/** One grid game as registered: its engine, its one id, and its kit. */
function registerGrid(game, id, title, description, solvable = true) {
	return registerModule({
		game,
		ids: [{
			id,
			title,
			description
		}],
		kit: gridKit(game, { solvable })
	}, { shipped: true });
}
const MONTE_CARLO = "Monte Carlo (Quilt): a 5×5 grid, remove touching pairs of one rank, then consolidate: the cards close the gaps";
const WEDDINGS = "Weddings: a 5×5 grid, remove touching pairs of one rank; on the deal the cards rise up their columns";
const NEIGHBOUR = "Neighbour: a 5×5 grid, remove touching pairs making 13 and kings alone; the cards close up at once";
const QUATORZE = "Quatorze: a 5×5 grid, remove pairs making 14 in one row or column; refilled in place, then closed up";
registerGrid(monteCarloGame, "monte-carlo", "Monte Carlo", MONTE_CARLO);
registerGrid(weddingsGame, "weddings", "Weddings", WEDDINGS, false);
registerGrid(neighbourGame, "neighbour", "Neighbour", NEIGHBOUR);
registerGrid(quatorzeGame, "quatorze", "Quatorze", QUATORZE);
// src/agents/piles/dealt-search.ts
/**
* The search of a piles game with a dealt stock (src/env/layouts/piles.ts, `dealtStock`) on a known deal:
* depth-first over every legal action (removals, deals, moves into an empty pile), stepping copies of the
* state with the layout's own rules. Cards change places there, so a position's key hashes all of it into
* two words (piles, slots, the stock's top). With the true stock it is an oracle; on a sampled stock, one
* sample of a fair search.
*/
const WIN$1 = 1;
const LOSS$1 = 2;
/** Positions one solve may visit before it answers "unknown". */
const DEALT_BUDGET = 2e4;
var DealtPilesSearch = class {
	rules;
	table;
	/** The position at each depth, its legal actions and their order. */
	states = [];
	legal = [];
	mask;
	nodes = 0;
	budget = DEALT_BUDGET;
	constructor(rules, tableBits = 18) {
		this.rules = rules;
		this.table = new TranspositionTable(tableBits);
		this.mask = new Uint8Array(rules.numActions);
	}
	at(depth) {
		while (this.states.length <= depth) {
			this.states.push(createState$1(this.rules));
			this.legal.push(new Int32Array(this.rules.numActions));
		}
		return this.states[depth];
	}
	/**
	* Loads a position (its true stock, or a sampled one). The table is cleared, so that an answer never depends on
	* what came before (`keepTable` is the exact solver's, kept for one interface).
	*/
	load(s, _keepTable = false) {
		this.table.clear();
		copyState$1(s, this.at(0));
	}
	/** Whether the loaded position can be won after `action`: 1, 0, or -1 when the budget ran out. */
	solveAfterAction(action, budget = DEALT_BUDGET) {
		this.nodes = 0;
		this.budget = budget;
		const next = this.at(1);
		copyState$1(this.at(0), next);
		stepState$1(next, null, action);
		const won = this.search(1);
		return this.nodes > this.budget ? -1 : won ? 1 : 0;
	}
	search(depth) {
		const s = this.states[depth];
		const r = this.rules;
		if (isWon$1(s)) return true;
		if (++this.nodes > this.budget) return false;
		let k1 = 2166136261 ^ s.stockAt;
		let k2 = s.stockAt + 1;
		for (let p = 0; p < r.pileCount; p++) {
			const h = s.heights[p];
			k1 = Math.imul(k1 ^ (h | 256), 16777619);
			k2 = Math.imul(k2 + h + 40503, 2246822519) ^ k2 >>> 13;
			for (let k = 0; k < h; k++) {
				const c = s.cards[p * r.height + k];
				k1 = Math.imul(k1 ^ c, 16777619);
				k2 = Math.imul(k2 + c + 1, 2246822519) ^ k2 >>> 13;
			}
		}
		for (let k = 0; k < r.slots; k++) {
			k1 = Math.imul(k1 ^ s.slots[k], 16777619);
			k2 = Math.imul(k2 + s.slots[k] + 1, 2246822519) ^ k2 >>> 13;
		}
		const table = this.table;
		let at = (k1 ^ Math.imul(k2, 2654435761)) >>> 0;
		at = (at ^ at >>> 15) & table.mask;
		const home = at;
		for (let probe = 0; probe < 4; probe++, at = at + 1 & table.mask) {
			if (table.gen[at] !== table.generation) break;
			if (table.key1[at] === k1 && table.key2[at] === k2) return table.val[at] === WIN$1;
		}
		this.at(depth + 1);
		const legal = this.legal[depth];
		const n = legalActions$1(s, null, this.mask, legal);
		let won = false;
		const king = kingMove(r, legal, n);
		const from = Math.max(king, 0);
		const to = king >= 0 ? king + 1 : n;
		for (let m = from; m < to && !won; m++) {
			const next = this.states[depth + 1];
			copyState$1(s, next);
			stepState$1(next, null, legal[m]);
			won = this.search(depth + 1);
		}
		if (this.nodes <= this.budget) {
			at = home;
			for (let probe = 0; probe < 3 && table.gen[at] === table.generation; probe++) at = at + 1 & table.mask;
			table.put(at, k1, k2, won ? WIN$1 : LOSS$1);
		}
		return won;
	}
};
/** The index in `legal` of a single's id, or -1. */
function kingMove(r, legal, n) {
	for (let m = 0; m < n; m++) if (legal[m] >= r.singleBase && legal[m] < r.extraBase) return m;
	return -1;
}
// src/agents/piles/solver.ts
/**
* The exact solver of a piles game (src/env/layouts/piles.ts) on a known deal: depth-first over the
* removals, with a transposition table keyed by what changes in play (the piles' heights, the slots'
* cards and the stock's top), since the deal fixes every card's place. On an open deal without a stock
* it is exact and fair; where cards are face down or in a stock it reads them, so it is either an oracle
* or, on a sampled deal, one sample of a fair search.
*/
const EMPTY = 255;
const WIN = 1;
const LOSS = 2;
/** Positions one solve may visit before it answers "unknown". */
const SOLVE_BUDGET = 4e5;
var PilesSolver = class {
	rules;
	table;
	/** The deal being solved: pile cards, the slots' cards, the stock. */
	cards;
	heights;
	slots;
	stock;
	stockAt = 0;
	removed = 0;
	/** Bits per pile height in the key. */
	heightBits;
	/** Piles whose heights make the key's first word. */
	firstWord;
	/** Moves of each depth: pairs of places, a single as (p, p). */
	moveFirst;
	moveSecond;
	/** The slot cards a removal replaced, per depth and card, for undo. */
	replaced;
	nodes = 0;
	budget = SOLVE_BUDGET;
	/** Cards of each rank still in play, and scratch counts of a pile's cards below a card. */
	left = /* @__PURE__ */ new Uint8Array(13);
	below = /* @__PURE__ */ new Uint8Array(13);
	/** Whether the table may hold positions of another deal (nothing loaded yet). */
	fresh = true;
	constructor(rules, tableBits = 20) {
		this.rules = rules;
		const r = this.rules;
		this.table = new TranspositionTable(tableBits);
		this.cards = new Uint8Array(r.pileCount * r.height);
		this.heights = new Uint8Array(r.pileCount);
		this.slots = new Uint8Array(r.slots);
		this.stock = new Uint8Array(r.stockSize);
		this.heightBits = 32 - Math.clz32(r.height);
		const depth = r.deck.size + 1;
		this.moveFirst = new Uint8Array(depth * r.numActions);
		this.moveSecond = new Uint8Array(depth * r.numActions);
		this.replaced = new Uint8Array(depth * 2);
		this.firstWord = Math.min(r.pileCount, Math.floor(31 / this.heightBits));
		if ((r.pileCount - this.firstWord) * this.heightBits + r.slots * 6 + 6 > 31) throw new RangeError("too many piles and slots for a two-word key");
	}
	/**
	* Loads a state (its true cards, or a sampled deal's). The table is kept when the state is a later position of
	* the deal loaded before (its cards where they were, its stock the rest of that stock): every position it can
	* reach is one the table's keys name alike. `keepTable` false clears it all the same: a search with a budget then
	* answers a position the same way whatever it solved before (pimc's `act` and its hint agree).
	*/
	load(s, keepTable = true) {
		if (this.fresh || !keepTable || !this.sameDeal(s)) this.table.clear();
		this.fresh = false;
		this.left.fill(0);
		for (let p = 0; p < this.rules.pileCount; p++) for (let k = 0; k < s.heights[p]; k++) this.left[s.cards[p * this.rules.height + k] >> 2]++;
		for (const c of s.slots) if (c !== EMPTY) this.left[c >> 2]++;
		for (let k = s.stockAt; k < this.rules.stockSize; k++) this.left[s.stock[k] >> 2]++;
		this.cards.set(s.cards);
		this.heights.set(s.heights);
		this.slots.set(s.slots);
		this.stock.set(s.stock);
		this.stockAt = s.stockAt;
		this.removed = s.removed;
	}
	sameDeal(s) {
		const r = this.rules;
		for (let p = 0; p < r.pileCount; p++) for (let k = 0; k < s.heights[p]; k++) if (s.cards[p * r.height + k] !== this.cards[p * r.height + k]) return false;
		for (let k = s.stockAt; k < r.stockSize; k++) if (s.stock[k] !== this.stock[k]) return false;
		return true;
	}
	/** Whether some pile holds a card whose every partner still in play lies under it in that pile: a lost position. */
	trapped() {
		const r = this.rules;
		for (let p = 0; p < r.pileCount; p++) {
			const h = this.heights[p];
			if (h < 2) continue;
			this.below.fill(0);
			for (let k = 0; k < h; k++) {
				const rank = this.cards[p * r.height + k] >> 2;
				let partners = r.partners[rank];
				if (partners !== 0) {
					let free = partners >>> rank & 1 ? -1 : 0;
					while (partners !== 0) {
						const q = 31 - Math.clz32(partners);
						partners &= ~(1 << q);
						free += this.left[q] - this.below[q];
					}
					if (free <= 0) return true;
				}
				this.below[rank]++;
			}
		}
		return false;
	}
	/**
	* Whether the loaded position can be won after the removal of places a and b (b = a for a single): 1, 0, or -1
	* when the budget ran out.
	*/
	solveAfter(first, second, budget = SOLVE_BUDGET) {
		this.nodes = 0;
		this.budget = budget;
		this.take(first, 0);
		if (second !== first) this.take(second, 1);
		const won = this.search(1);
		if (second !== first) this.put(second, 1);
		this.put(first, 0);
		return this.nodes > this.budget ? -1 : won ? 1 : 0;
	}
	/** `solveAfter` of an action id: a pair's two places, a single's place twice. */
	solveAfterAction(action, budget = SOLVE_BUDGET) {
		const r = this.rules;
		if (action < r.pairIds) return this.solveAfter(r.pairFirst[action], r.pairSecond[action], budget);
		return this.solveAfter(action - r.singleBase, action - r.singleBase, budget);
	}
	rankAt(place) {
		const r = this.rules;
		if (place >= r.slotBase) {
			const c = this.slots[place - r.slotBase];
			return c === EMPTY ? -1 : c >> 2;
		}
		const h = this.heights[place];
		return h === 0 ? -1 : this.cards[place * r.height + h - 1] >> 2;
	}
	take(place, slot) {
		const r = this.rules;
		this.removed++;
		if (place < r.slotBase) {
			const h = --this.heights[place];
			this.left[this.cards[place * r.height + h] >> 2]--;
			return;
		}
		const k = place - r.slotBase;
		this.left[this.slots[k] >> 2]--;
		this.replaced[slot] = this.slots[k];
		this.slots[k] = this.stockAt < r.stockSize ? this.stock[this.stockAt++] : EMPTY;
	}
	put(place, slot) {
		const r = this.rules;
		this.removed--;
		if (place < r.slotBase) {
			this.left[this.cards[place * r.height + this.heights[place]++] >> 2]++;
			return;
		}
		const k = place - r.slotBase;
		if (this.slots[k] !== EMPTY) this.stockAt--;
		this.slots[k] = this.replaced[slot];
		this.left[this.slots[k] >> 2]++;
	}
	/** Whether the position can be won; `depth` indexes the scratch arrays. */
	search(depth) {
		const r = this.rules;
		if (this.removed === r.deck.size) return true;
		if (++this.nodes > this.budget) return false;
		let k1 = 0;
		let k2 = this.stockAt;
		for (let p = 0; p < r.pileCount; p++) if (p < this.firstWord) k1 = k1 << this.heightBits | this.heights[p];
		else k2 = k2 << this.heightBits | this.heights[p];
		for (let k = 0; k < r.slots; k++) k2 = k2 << 6 | this.slots[k] & 63;
		const mask = this.table.mask;
		let at = (Math.imul(k1, 2654435761) ^ Math.imul(k2 ^ k1 >>> 16, 2246822519)) >>> 0;
		at = (at ^ at >>> 15) & mask;
		for (let probe = 0; probe < 4; probe++, at = at + 1 & mask) {
			if (this.table.gen[at] !== this.table.generation) break;
			if (this.table.key1[at] === k1 && this.table.key2[at] === k2) return this.table.val[at] === WIN;
		}
		const n = this.trapped() ? 0 : this.moves(depth);
		const base = depth * r.numActions;
		let won = false;
		for (let m = 0; m < n && !won; m++) {
			const a = this.moveFirst[base + m];
			const b = this.moveSecond[base + m];
			this.take(a, 2 * depth);
			if (b !== a) this.take(b, 2 * depth + 1);
			won = this.search(depth + 1);
			if (b !== a) this.put(b, 2 * depth + 1);
			this.put(a, 2 * depth);
		}
		if (this.nodes <= this.budget) this.store(k1, k2, won ? WIN : LOSS);
		return won;
	}
	store(k1, k2, value) {
		const mask = this.table.mask;
		let at = (Math.imul(k1, 2654435761) ^ Math.imul(k2 ^ k1 >>> 16, 2246822519)) >>> 0;
		at = (at ^ at >>> 15) & mask;
		for (let probe = 0; probe < 3 && this.table.gen[at] === this.table.generation; probe++) at = at + 1 & mask;
		this.table.put(at, k1, k2, value);
	}
	/** The removals of the position, from the taller piles first (they uncover more), into depth's scratch. */
	moves(depth) {
		const r = this.rules;
		const base = depth * r.numActions;
		let n = 0;
		for (let i = 0; i < r.places; i++) {
			const ri = this.rankAt(i);
			if (ri < 0) continue;
			if (r.singleMask >>> ri & 1) {
				this.moveFirst[base] = i;
				this.moveSecond[base] = i;
				return 1;
			}
			const partners = r.partners[ri];
			for (let j = i + 1; j < r.places; j++) {
				const rj = this.rankAt(j);
				if (rj < 0 || (partners >>> rj & 1) === 0) continue;
				this.moveFirst[base + n] = i;
				this.moveSecond[base + n] = j;
				n++;
			}
		}
		for (let m = 1; m < n; m++) {
			const a = this.moveFirst[base + m];
			const b = this.moveSecond[base + m];
			const w = this.weight(a) + this.weight(b);
			let k = m - 1;
			while (k >= 0 && this.weight(this.moveFirst[base + k]) + this.weight(this.moveSecond[base + k]) < w) {
				this.moveFirst[base + k + 1] = this.moveFirst[base + k];
				this.moveSecond[base + k + 1] = this.moveSecond[base + k];
				k--;
			}
			this.moveFirst[base + k + 1] = a;
			this.moveSecond[base + k + 1] = b;
		}
		return n;
	}
	weight(place) {
		return place < this.rules.slotBase ? this.heights[place] : 0;
	}
};
// src/agents/piles/agents.ts
/**
* The agents of every game over the piles layout (src/env/layouts/piles.ts), written once for the layout:
*
* | agent     | fair | idea |
* |-----------|------|------|
* | `greedy`  | yes  | the removal that takes from the tallest piles (it uncovers the most); a slot's card first while the stock lasts |
* | `careful` | yes  | where cards are hidden: `greedy`'s order, but a move that leaves a face-down partner of its cards waits |
* | `rollout` | yes  | where cards are hidden: plays 16 sampled deals of the unseen cards out with `careful` after each move |
* | `pimc`    | yes  | where cards are hidden: solves 24 sampled deals of the unseen cards exactly after each move |
* | `solver`  | yes on an open deal without a stock; else `oracle`, which CHEATS | the exact solver (solver.ts) on the deal: a move after which the deal can still be won, `greedy`'s favourite among them |
*
* The sampled searches draw their deals from what the player sees and the episode's seed only
* (docs/experiments/2026-11-29-pile-searches.md measures them).
* On a dealt stock the searches are `DealtPilesSearch` (dealt-search.ts), which steps the deal and the
* moves into an empty pile too; `greedy` removes first, then moves a card into an empty pile, then deals.
* A game's kit takes them from `pilesAgents(game)`.
*/
function pilesState(env, game, agent) {
	checkPlaying(env, agent);
	if (env.game !== game) throw new TengymError("bad-argument", `agent "${agent}" plays ${game.name}, not ${env.id}`);
	return env.rawState;
}
const searchOf = (r, tableBits) => r.dealtStock ? new DealtPilesSearch(r, tableBits) : new PilesSolver(r, tableBits);
/** A search's budget per solve. */
const budgetOf = (r) => r.dealtStock ? DEALT_BUDGET : SOLVE_BUDGET;
/**
* `greedy`'s rank of a move: the heights of the piles it takes from (a single's counted once); a slot's card,
* which the stock replaces with a new one, above any pile while the stock lasts.
*/
function greedyRank(s, action) {
	const r = s.rules;
	if (action >= r.extraBase) return action === r.dealId ? -2 : -1;
	if (action >= r.pairIds) return placeHeight(s, action - r.singleBase);
	return placeHeight(s, r.pairFirst[action]) + placeHeight(s, r.pairSecond[action]);
}
/**
* Counts, per rank, the face-down cards into `out`: the unseen cards that can lie under a partner. A stock's cards
* come up in turn, never under another card, so they are left out.
*/
function countFaceDown(s, out) {
	const r = s.rules;
	out.fill(0);
	for (let p = 0; r.hidden && p < r.pileCount; p++) for (let k = 0; k < s.heights[p] - 1; k++) out[s.cards[p * r.height + k] >> 2]++;
}
/** Above any height sum: what `careful` adds to a move that leaves no face-down partner behind. */
const SAFE = 256;
/**
* `careful`'s rank of a move: `greedy`'s, lifted above every other move when no card that pairs with either of its
* cards is face down. A move that leaves such a card waits: the card may turn up under a partner, and the player who
* removed that partner early finds it stuck, while one who waits learns where it lies.
*/
function carefulRank(s, action, faceDown) {
	const r = s.rules;
	if (action >= r.extraBase) return greedyRank(s, action);
	const a = action < r.pairIds ? r.pairFirst[action] : action - r.singleBase;
	const b = action < r.pairIds ? r.pairSecond[action] : a;
	const partners = r.partners[cardAt(s, a) >> 2] | r.partners[cardAt(s, b) >> 2];
	let waiting = 0;
	for (let q = 0; q < 13; q++) if (partners >>> q & 1) waiting += faceDown[q];
	return greedyRank(s, action) + (waiting === 0 ? SAFE : 0);
}
/** The card a place offers: a pile's top, or a slot's card. */
function cardAt(s, place) {
	const r = s.rules;
	return place < r.slotBase ? s.cards[place * r.height + s.heights[place] - 1] : s.slots[place - r.slotBase];
}
/** A place's weight in `greedy`'s rank: a pile's height; a slot's card, while the stock lasts, above any pile. */
function placeHeight(s, place) {
	const r = s.rules;
	return place < r.slotBase ? s.heights[place] : s.stockAt < r.stockSize ? r.height + 1 : 0;
}
/** The actions by score, ties in the order of a heuristic's rank (`greedy`'s by default), then by id. */
function byRank(s, actions, scores, kind, rankOf = (action) => greedyRank(s, action)) {
	const list = actions.map((action, i) => ({
		action,
		score: scores[i] ?? 0,
		rank: rankOf(action)
	}));
	list.sort((x, y) => y.score - x.score || y.rank - x.rank || x.action - y.action);
	return {
		kind,
		actions: list.map(({ action, score }) => ({
			action,
			score
		}))
	};
}
/** A heuristic player: the legal move its rank puts first (`greedy`, `careful`). */
var HeuristicAgent = class {
	game;
	name;
	rankOf;
	fair = true;
	unseen = /* @__PURE__ */ new Uint8Array(13);
	constructor(game, name, rankOf) {
		this.game = game;
		this.name = name;
		this.rankOf = rankOf;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	act(env) {
		return this.score(env).actions[0].action;
	}
	/** Score: the heuristic's rank of the move, higher first. */
	score(env) {
		const s = pilesState(env, this.game, this.name);
		const actions = env.legalActions();
		countFaceDown(s, this.unseen);
		return byRank(s, actions, actions.map((a) => this.rankOf(s, a, this.unseen)), "heuristic");
	}
};
/** Whether the deal can still be won after each legal move: 1, 0, or 0.5 where the budget ran out. */
function winsAfter(solver, actions, budget) {
	return actions.map((action) => {
		const won = solver.solveAfterAction(action, budget);
		return won < 0 ? .5 : won;
	});
}
var SolverAgent = class {
	game;
	name;
	fair;
	solver = null;
	constructor(game, open) {
		this.game = game;
		this.name = open ? "solver" : "oracle";
		this.fair = open;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	/** The first move in `greedy`'s order after which the deal can still be won; `greedy`'s move where none is. */
	act(env) {
		const s = pilesState(env, this.game, this.name);
		if (env.legalCount === 1) return env.legal[0];
		const solver = this.load(s);
		const order = byRank(s, env.legalActions(), [], "heuristic").actions;
		for (const { action } of order) if (solver.solveAfterAction(action) === 1) return action;
		return order[0].action;
	}
	/** Score: 1 for a move after which the deal can still be won, else 0 (`greedy`'s order among equals). */
	score(env) {
		const s = pilesState(env, this.game, this.name);
		const actions = env.legalActions();
		return byRank(s, actions, winsAfter(this.load(s), actions, budgetOf(s.rules)), "win-probability");
	}
	load(s) {
		if (this.solver?.rules !== s.rules) this.solver = searchOf(s.rules);
		this.solver.load(s);
		return this.solver;
	}
};
const PIMC = {
	name: "pimc",
	leaf: "solve",
	samples: 24,
	base: carefulRank
};
const ROLLOUT = {
	name: "rollout",
	leaf: "rollout",
	samples: 16,
	base: carefulRank
};
var SampledSearchAgent = class {
	game;
	setting;
	name;
	fair = true;
	seed = 1;
	solver = null;
	sample = null;
	play = null;
	seen = null;
	mask = /* @__PURE__ */ new Uint8Array(0);
	legal = /* @__PURE__ */ new Int32Array(0);
	unseen = [];
	counts = /* @__PURE__ */ new Uint8Array(13);
	constructor(game, setting) {
		this.game = game;
		this.setting = setting;
		this.name = setting.name;
	}
	reset(seed) {
		this.seed = validateSeed(seed, `agent "${this.name}" seed`);
	}
	/**
	* A hash of what the player sees (the observation, which hides what is face down or in the stock): the samples
	* of a decision come from it and the episode's seed, never from the calls made before, so `act` and `score` (a
	* hint) agree on every state.
	*/
	seenHash(env, s) {
		if (this.seen?.length !== env.observationSpace.shape[0]) this.seen = new Float32Array(env.observationSpace.shape[0]);
		this.game.observe(s, env.options, this.seen);
		let h = 2166136261;
		for (const word of new Uint32Array(this.seen.buffer)) h = Math.imul(h ^ word, 16777619);
		return h >>> 0;
	}
	act(env) {
		pilesState(env, this.game, this.name);
		if (env.legalCount === 1) return env.legal[0];
		return this.score(env).actions[0].action;
	}
	/**
	* The unseen cards (face down, or in the stock) in a fixed order: sorted, so the samples depend on which cards
	* are unseen, which the player knows, and never on where they lie.
	*/
	unseenCards(s) {
		const r = s.rules;
		const unseen = this.unseen;
		unseen.length = 0;
		for (let p = 0; p < r.pileCount; p++) for (let k = 0; r.hidden && k < s.heights[p] - 1; k++) unseen.push(s.cards[p * r.height + k]);
		for (let k = s.stockAt; k < r.stockSize; k++) unseen.push(s.stock[k]);
		return unseen.sort((a, b) => a - b);
	}
	/** Score: the share of sampled deals of the unseen cards won after the move (by the solver, or by `greedy`). */
	score(env) {
		const s = pilesState(env, this.game, this.name);
		const r = s.rules;
		if (this.solver?.rules !== s.rules || !this.sample || !this.play) {
			this.solver = this.setting.leaf === "solve" ? searchOf(s.rules, 18) : null;
			this.sample = this.game.createState(env.options);
			this.play = this.game.createState(env.options);
			this.mask = new Uint8Array(r.numActions);
			this.legal = new Int32Array(r.numActions);
		}
		const actions = env.legalActions();
		const total = new Array(actions.length).fill(0);
		const sample = this.sample;
		const unseen = this.unseenCards(s);
		const samples = unseen.length > 1 ? this.setting.samples : 1;
		const rng = createRng(deriveSeed(this.seed, this.seenHash(env, s)));
		for (let n = 0; n < samples; n++) {
			this.game.copyState(s, sample);
			for (let i = unseen.length - 1; i > 0; i--) {
				const j = randomInt(rng, 0, i);
				[unseen[i], unseen[j]] = [unseen[j], unseen[i]];
			}
			let u = 0;
			for (let p = 0; p < r.pileCount; p++) for (let k = 0; r.hidden && k < s.heights[p] - 1; k++) sample.cards[p * r.height + k] = unseen[u++];
			for (let k = s.stockAt; k < r.stockSize; k++) sample.stock[k] = unseen[u++];
			if (this.solver) {
				this.solver.load(sample, false);
				winsAfter(this.solver, actions, budgetOf(r) / 8).forEach((w, i) => {
					total[i] += w / samples;
				});
			} else for (let i = 0; i < actions.length; i++) total[i] += this.greedyRollout(env, sample, actions[i], rng) / samples;
		}
		countFaceDown(s, this.counts);
		const ranked = byRank(s, actions, total, "win-probability", (a) => this.setting.base(s, a, this.counts));
		return samples > 1 ? {
			...ranked,
			samples
		} : ranked;
	}
	/** 1 when `greedy` wins the sampled deal after the move, else 0. */
	greedyRollout(env, sample, action, rng) {
		const play = this.play;
		const o = env.options;
		this.game.copyState(sample, play);
		this.game.step(play, o, action, rng);
		for (;;) {
			const n = this.game.legalActions(play, o, this.mask, this.legal);
			if (n === 0) return play.removed === play.rules.deck.size ? 1 : 0;
			countFaceDown(play, this.counts);
			let best = this.legal[0];
			let bestRank = this.setting.base(play, best, this.counts);
			for (let i = 1; i < n; i++) {
				const rank = this.setting.base(play, this.legal[i], this.counts);
				if (rank > bestRank) {
					best = this.legal[i];
					bestRank = rank;
				}
			}
			this.game.step(play, o, best, rng);
		}
	}
};
/**
* The catalogue entries of a piles game: `greedy`; `solver` on an open deal without a stock, else `pimc` and the
* `oracle`, which cheats.
*/
function pilesAgents(game, open) {
	const games = [game];
	const specs = [{
		name: "greedy",
		description: "the removal that takes from the tallest piles, which uncovers the most; a slot card last",
		fair: true,
		games,
		create: () => new HeuristicAgent(game, "greedy", greedyRank)
	}];
	if (!open) specs.push({
		name: "careful",
		description: "greedy's move, but one that leaves a face-down partner of its cards waits while another move can be made (greedy itself where no card is face down)",
		fair: true,
		games,
		create: () => new HeuristicAgent(game, "careful", carefulRank)
	});
	if (!open) specs.push({
		name: "pimc",
		description: "determinized search: solves sampled deals of the unseen cards exactly and plays the move that wins the most samples",
		fair: true,
		games,
		create: () => new SampledSearchAgent(game, PIMC)
	});
	if (!open) specs.push({
		name: "rollout",
		description: "determinized search: plays 16 sampled deals of the unseen cards out with careful after each move and plays the move that wins the most",
		fair: true,
		games,
		create: () => new SampledSearchAgent(game, ROLLOUT)
	});
	specs.push({
		name: open ? "solver" : "oracle",
		description: open ? "the exact solver: a move after which the deal can still be won, the greedy choice among them" : "CHEATS, sees the hidden cards: the exact solver on the true deal. The upper bound for the fair agents",
		fair: open,
		games,
		create: () => new SolverAgent(game, open)
	});
	return specs;
}
// src/agents/piles/kit.ts
/** What each agent that may rank hints is to a player. */
const HINT_ROLES = {
	solver: "the exact solver of the open deal",
	careful: "greedy's order, a move that may strand a face-down card's partner waiting while another can be made",
	rollout: "a search that plays guesses of the unseen cards out after each move",
	pimc: "a search over guesses of the stock"
};
/** A piles game's kit. */
function pilesKit(game, parts) {
	const { open } = parts;
	const hint = parts.hint ?? "solver";
	return {
		ladders: parts.ladders,
		agents: pilesAgents(game, open),
		simpleBaseline: "greedy",
		searches: parts.searches ?? ["solver"],
		solver: open ? "solver" : "oracle",
		hintBaseline: (_env, baseline) => baseline(hint, HINT_ROLES[hint])
	};
}
// src/games/pile-pairs/engine.ts
/**
* The pile games of the pairing family, each a declaration over the piles layout (src/env/layouts/piles.ts):
* Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane and Ides of March. The rules for players are in
* rules.md beside this file, with their PySolFC sources.
*
* The deck is dealt pile by pile, each pile bottom card first, then the slots, then the stock (its top
* first). Only a pile's top card is available, with the slots' cards. A removal takes two available
* cards that pair (table below); an emptied slot is refilled from the stock at once; an emptied pile stays
* empty. Suits never matter.
*
* | id              | piles (cards each)          | below a top | slots, stock | two cards pair when        |
* |-----------------|-----------------------------|-------------|--------------|----------------------------|
* | `fourteen-out`  | 12: four of 5, eight of 4   | face up     | none         | their values make 14       |
* | `nestor`        | 12: eight of 6 (no rank twice), four of 1 | face up | none | they are of one rank      |
* | `patient-pairs` | 13 of 4                     | face down   | none         | they are of one rank       |
* | `the-wish`      | 8 of 4 (32 cards: A, 7 … K) | face down   | none         | they are of one rank       |
* | `hurricane`     | 10 of 3                     | face up     | 3, stock 19  | their values make 14       |
* | `ides-of-march` | 10 of 3                     | face up     | 3, stock 19  | their values make 15, or two aces |
*
* Values: A = 1, 2 … 10, J = 11, Q = 12, K = 13.
*
* ## Options
*
* | option      | values            | default | meaning                                                          |
* |-------------|-------------------|---------|------------------------------------------------------------------|
* | `undoLimit` | 0, 3, 'unlimited' | 0       | undos per game through `session.undo()` (an API call, not an action) |
* | `reward`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
*
* ## Actions
*
* Places: the piles (from 0), then the slots. Id `P·i − i(i+1)/2 + j − i − 1` removes the cards at places
* i < j of P, in lexicographic order; legal when both hold a card and the two pair. 66 ids for
* `fourteen-out` and `nestor`, 78 for `patient-pairs`, `hurricane` and `ides-of-march`, 28 for `the-wish`.
*
* ## Observation
*
* With H the most cards a pile is dealt and S the slots:
*
* | index            | meaning |
* |------------------|---------|
* | 13·(H·p + d) + r | 1 when pile p holds a face-up card of rank r (A = 0 … K = 12) at depth d (0 = its top) |
* | 13·H·P' + 13k + r | 1 when slot k holds a card of rank r (P' piles) |
* | then p           | cards in pile p / H |
* | then r           | unseen cards of rank r (face down or in the stock) / 4 |
* | last             | stock size / the stock's start (0 without a stock) |
*
* Sizes: 806 (`fourteen-out`), 962 (`nestor`), 703 (`patient-pairs`), 438 (`the-wish`), 453 (`hurricane`,
* `ides-of-march`). Bounds (`observationBounds`): every float in [0, 1]; depths and heights past a pile's deal
* are 0; nothing is unseen in an open deal without a stock.
*
* ## Rewards
*
* 'win' (default): +1 on the step that removes the last card, else 0. 'cards': +2 a pair.
*
* ## Episode end
*
* Terminated when no two available cards pair; won when every card is removed. Never truncated: every move
* removes two cards. Outcome: `{ won, cardsLeft }`.
*/
const pilePairsOptionsSchema = /* @__PURE__ */ strictObject$1({ ...slotOptionFields("removed") });
const OPEN$1 = {
	hidden: false,
	distinctRanks: false,
	slots: 0,
	singles: []
};
const SAME_RANK = {
	pairSum: null,
	sameRank: true
};
const HURRICANE = {
	...OPEN$1,
	piles: Array(10).fill(3),
	slots: 3,
	sameRank: false
};
const declare = ({ name }, layout) => pilesGame({
	name,
	rules: () => layout,
	optionsSchema: pilePairsOptionsSchema
});
/** Fourteen Out (PySolFC `Fourteen`, montecarlo.py:599): twelve open piles, tops making 14. */
const fourteenOutGame = declare({ name: "fourteen-out" }, {
	...OPEN$1,
	piles: [
		5,
		5,
		5,
		5,
		4,
		4,
		4,
		4,
		4,
		4,
		4,
		4
	],
	pairSum: 14,
	sameRank: false
});
/** Nestor (montecarlo.py:684): eight open piles of six without a repeated rank, four single cards. */
const nestorGame = declare({ name: "nestor" }, {
	...OPEN$1,
	...SAME_RANK,
	piles: [
		6,
		6,
		6,
		6,
		6,
		6,
		6,
		6,
		1,
		1,
		1,
		1
	],
	distinctRanks: true
});
/** Face-down piles of four, their tops of one rank pairing: Patient Pairs' and The Wish's. */
const FACE_DOWN$1 = {
	...OPEN$1,
	...SAME_RANK,
	hidden: true
};
/** Patient Pairs (montecarlo.py:889): thirteen piles of four, three face down under a face-up top. */
const patientPairsGame = declare({ name: "patient-pairs" }, {
	...FACE_DOWN$1,
	piles: Array(13).fill(4)
});
/** The Wish (montecarlo.py:824): Patient Pairs on eight piles of a 32-card deck, ace and seven to king. */
const WISH_RANKS = [
	0,
	6,
	7,
	8,
	9,
	10,
	11,
	12
];
const theWishGame = declare({ name: "the-wish" }, {
	...FACE_DOWN$1,
	piles: Array(8).fill(4),
	ranks: WISH_RANKS
});
/** Hurricane (pyramid.py:1814): ten open piles of three beside three slots refilled from the stock; pairs to 14. */
const hurricaneGame = declare({ name: "hurricane" }, {
	...HURRICANE,
	pairSum: 14
});
/** Ides of March (pyramid.py:1904): Hurricane with pairs to 15, or two aces. */
const idesOfMarchGame = declare({ name: "ides-of-march" }, {
	...HURRICANE,
	pairSum: 15,
	alsoPairs: [[0, 0]]
});
// src/games/pile-pairs/index.ts
const EVAL = (id, agents) => `tengym eval --env ${id} --agents ${agents} --episodes 3000 --seed 1 --reference greedy`;
const HIDDEN_LADDER = (id) => EVAL(id, "random,first,greedy,careful,oracle");
/**
* The agents' win rates on 3,000 deals (docs/agents.md), each measured by one of its commands on a loaded machine
* (docs/experiments/2026-11-29-pile-searches.md). Hurricane's and Ides of March's `pimc` (about 1.5 s a deal under
* load) are left out: `rollout` is their fair search.
*/
const LADDERS = {
	"fourteen-out": {
		commands: [EVAL("fourteen-out", "random,first,greedy,solver")],
		wins: {
			random: 339,
			first: 253,
			greedy: 1075,
			solver: 2806
		}
	},
	nestor: {
		commands: [EVAL("nestor", "random,first,greedy,solver")],
		wins: {
			random: 135,
			first: 191,
			greedy: 575,
			solver: 1795
		}
	},
	"patient-pairs": {
		commands: [HIDDEN_LADDER("patient-pairs"), EVAL("patient-pairs", "greedy,rollout,pimc")],
		wins: {
			random: 570,
			first: 415,
			greedy: 1021,
			careful: 1048,
			rollout: 933,
			pimc: 1003,
			oracle: 2539
		}
	},
	"the-wish": {
		commands: [HIDDEN_LADDER("the-wish"), EVAL("the-wish", "greedy,careful,rollout,pimc")],
		wins: {
			random: 528,
			first: 401,
			greedy: 847,
			careful: 871,
			rollout: 824,
			pimc: 824,
			oracle: 1804
		}
	},
	hurricane: {
		commands: [HIDDEN_LADDER("hurricane"), EVAL("hurricane", "greedy,rollout")],
		wins: {
			random: 396,
			first: 76,
			greedy: 1570,
			careful: 1570,
			rollout: 2250,
			oracle: 2730
		}
	},
	"ides-of-march": {
		commands: [HIDDEN_LADDER("ides-of-march"), EVAL("ides-of-march", "greedy,rollout")],
		wins: {
			random: 371,
			first: 64,
			greedy: 1601,
			careful: 1601,
			rollout: 2230,
			oracle: 2760
		}
	}
};
const ladderOf = (id) => LADDERS[id] && { [id]: {
	deals: 3e3,
	seed: 1,
	...LADDERS[id]
} };
const register = (game, id, title, description, play) => registerModule({
	game,
	ids: [{
		id,
		title,
		description
	}],
	kit: pilesKit(game, {
		...play,
		ladders: ladderOf(id)
	})
}, { shipped: true });
const OPEN = { open: true };
/** Face-down piles: the searches gain nothing on `careful` (the experiment above), which ranks hints. */
const FACE_DOWN = {
	open: false,
	searches: ["pimc", "rollout"],
	hint: "careful"
};
/** A hidden stock: `pimc` wins most but takes about a second a move; `rollout`, a few milliseconds, ranks hints. */
const STOCK = {
	open: false,
	searches: ["pimc", "rollout"],
	hint: "rollout"
};
register(fourteenOutGame, "fourteen-out", "Fourteen Out", "Fourteen Out (Fourteen): twelve open piles, remove two tops making 14", OPEN);
register(nestorGame, "nestor", "Nestor", "Nestor: eight open piles of six and four single cards, remove two tops of one rank", OPEN);
register(patientPairsGame, "patient-pairs", "Patient Pairs", "Patient Pairs (Isabel): thirteen piles of four, one card face up on each; remove two tops of one rank", FACE_DOWN);
register(theWishGame, "the-wish", "The Wish", "The Wish: 32 cards in eight piles of four, one face up on each; remove two tops of one rank", FACE_DOWN);
register(hurricaneGame, "hurricane", "Hurricane", "Hurricane: ten open piles of three beside three slots refilled from the stock; remove two cards making 14", STOCK);
register(idesOfMarchGame, "ides-of-march", "Ides of March", "Ides of March (XV): Hurricane with pairs making 15, or two aces", STOCK);
// src/games/fifteens/engine.ts
/** Fifteens' engine: its layout and rules, declared over the slot layout. */
const fifteensGame = plainSlotGame({
	name: "fifteens",
	rules: {
		slots: 16,
		columns: 4,
		pairSum: 15,
		groupPile: {
			sum: 15,
			set: [
				9,
				10,
				11,
				12
			]
		},
		refill: "at-once"
	},
	prompt: "Remove two cards that make 15, or put a card on the pile: it goes out at 15, or as 10-J-Q-K.",
	sameOutcome: false
});
shipGame(fifteensGame, slotSearchKit(fifteensGame, { fifteens: {
	deals: 3e3,
	seed: 1,
	commands: ["tengym eval --env fifteens --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy", "tengym eval --env fifteens --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy --workers 1"],
	wins: {
		random: 0,
		first: 0,
		greedy: 725,
		pimc: 2987,
		oracle: 2951
	}
} }), {
	id: "fifteens",
	title: "Fifteens",
	description: "Fifteens (PySolFC): 4×4 grid, pairs making 15, a pile that goes out at 15 or as 10-J-Q-K"
});
/** Baroness (pyramid.py:1280): five piles fed by deals, two slots filled at seven stock cards (line 1257). */
const baronessGame = pilesGame({
	name: "baroness",
	optionsSchema: /* @__PURE__ */ strictObject$1(slotOptionFields("removed")),
	rules: () => ({
		piles: [
			1,
			1,
			1,
			1,
			1
		],
		hidden: false,
		distinctRanks: false,
		slots: 2,
		pairSum: 13,
		sameRank: false,
		singles: [12],
		dealtStock: { slotsAt: 7 },
		moveToEmpty: true
	})
});
shipGame(baronessGame, pilesKit(baronessGame, {
	open: false,
	ladders: { baroness: {
		deals: 3e3,
		seed: 1,
		commands: ["tengym eval --env baroness --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy", "tengym eval --env baroness --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy --workers 1"],
		wins: {
			random: 29,
			first: 473,
			greedy: 671,
			pimc: 1316,
			oracle: 1779
		}
	} },
	searches: ["pimc"],
	hint: "pimc"
}), {
	id: "baroness",
	title: "Baroness",
	description: "Baroness (Five Piles): deal onto five piles when you choose; remove two tops making 13, kings alone"
});
shipGame(plainSlotGame({
	name: "simple-tens",
	rules: {
		slots: 9,
		columns: 3,
		pairSum: 10,
		ranks: [
			0,
			1,
			2,
			3,
			4,
			5,
			6,
			7,
			8
		],
		refill: "at-once"
	},
	prompt: "Remove two cards that make 10."
}), { agents: [] }, {
	id: "simple-tens",
	title: "Simple Tens",
	description: "Simple Tens (Add Up Tens): 36 cards, A to 9, 3×3 grid, pairs making 10; no real decisions"
});
// src/games/eight-cards/engine.ts
/** Eight Cards' engine: its layout and rules, declared over the slot layout. */
const eightCardsGame = plainSlotGame({
	name: "eight-cards",
	rules: {
		slots: 9,
		columns: 4,
		pairSum: 11,
		singles: [
			10,
			11,
			12
		],
		refill: "at-once",
		extraSlot: { draws: 2 }
	},
	prompt: "Remove two cards that make 11 or a jack, queen or king alone, or draw to the extra slot.",
	sameOutcome: false
});
shipGame(eightCardsGame, slotSearchKit(eightCardsGame, { "eight-cards": {
	deals: 3e3,
	seed: 1,
	commands: ["tengym eval --env eight-cards --agents random,first,greedy,oracle --episodes 3000 --seed 1 --reference greedy", "tengym eval --env eight-cards --agents greedy,pimc --episodes 3000 --seed 1 --reference greedy"],
	wins: {
		random: 1774,
		first: 1883,
		greedy: 1883,
		pimc: 1862,
		oracle: 2101
	}
} }), {
	id: "eight-cards",
	title: "Eight Cards",
	description: "Eight Cards (Acht Karten): 2×4 grid, pairs making 11, J, Q, K alone; twice a game a stock card to an extra slot"
});
// src/agents/afterstate.ts
var AfterstateExpansion = class {
	layout;
	/** Feature rows, row k at rows[k*layout.size …]. */
	rows;
	rowCount = 0;
	/** Per legal action k: its first row and row count, its first group and group count (each contiguous). */
	firstRow = /* @__PURE__ */ new Int32Array(64);
	rowsOf = /* @__PURE__ */ new Int32Array(64);
	firstGroup = /* @__PURE__ */ new Int32Array(64);
	groupsOf = /* @__PURE__ */ new Int32Array(64);
	/** Per legal action: its sure outcomes (outcomes that end the game), probability-weighted. */
	exactWin = /* @__PURE__ */ new Float32Array(64);
	exactCost = /* @__PURE__ */ new Float32Array(64);
	groupCount = 0;
	/** Per group: its probability within its action, first row and row count, and its exact option if it has one. */
	groupWeight = /* @__PURE__ */ new Float32Array(64);
	groupFirstRow = /* @__PURE__ */ new Int32Array(64);
	groupRows = /* @__PURE__ */ new Int32Array(64);
	groupExact = /* @__PURE__ */ new Uint8Array(64);
	groupExactWin = /* @__PURE__ */ new Float32Array(64);
	groupExactCost = /* @__PURE__ */ new Float32Array(64);
	groupExactSteps = /* @__PURE__ */ new Int32Array(64);
	/**
	* Per row: its group's probability, the cost paid before reaching it, and the player's moves before it (Four Ten:
	* exchanges).
	*/
	weight = /* @__PURE__ */ new Float32Array(64);
	offset = /* @__PURE__ */ new Float32Array(64);
	steps = /* @__PURE__ */ new Int32Array(64);
	/**
	* Per row: the first row with the same features (itself when there is none). Many options
	* reach the same position (a Four Ten replacement's ~300 rows hold ~150 distinct ones): the
	* network values each distinct row once (`ExpansionBatch`) and training teaches it once.
	*/
	sameAs = /* @__PURE__ */ new Int32Array(64);
	/** Per distinct row: its place in the last `ExpansionBatch` forward pass. */
	batchIndex = /* @__PURE__ */ new Int32Array(64);
	actionCount = 0;
	/**
	* The moves the last `actionValue` needs before its best options are reached (Four Ten: the
	* exchanges to the configuration it ends the turn at), the most over its groups. Among equal
	* scores the fewest moves rank first, so that a player following the top move ends the turn
	* as soon as walking on gains nothing.
	*/
	actionSteps = 0;
	/**
	* Whether equal scores go to the option fewest moves away (hints: `score`), or, as `act` and
	* training play, to the first (so that a model's play, its evaluation and a retrain from its
	* config stay what they were, bit for bit).
	*/
	nearestOnTies = false;
	bestSteps = 0;
	value = /* @__PURE__ */ new Float64Array(2);
	option = /* @__PURE__ */ new Float64Array(2);
	best = /* @__PURE__ */ new Float64Array(2);
	constructor(layout) {
		this.layout = layout;
		this.rows = new Float32Array(64 * layout.size);
	}
	/** Starts an expansion: no rows, no groups. */
	clear() {
		this.rowCount = 0;
		this.groupCount = 0;
	}
	/** Starts legal action k's outcomes (call in legal order). */
	beginAction(k) {
		if (this.firstRow.length <= k) {
			this.firstRow = doubled(this.firstRow);
			this.rowsOf = doubled(this.rowsOf);
			this.firstGroup = doubled(this.firstGroup);
			this.groupsOf = doubled(this.groupsOf);
			this.exactWin = doubled(this.exactWin);
			this.exactCost = doubled(this.exactCost);
		}
		this.firstRow[k] = this.rowCount;
		this.firstGroup[k] = this.groupCount;
		this.exactWin[k] = 0;
		this.exactCost[k] = 0;
	}
	/** Ends legal action k's outcomes. */
	endAction(k) {
		this.rowsOf[k] = this.rowCount - this.firstRow[k];
		this.groupsOf[k] = this.groupCount - this.firstGroup[k];
	}
	/** Starts a choice reached with probability `weight`: the rows added until the next one are its options. */
	beginChoice(weight) {
		const g = this.groupCount++;
		if (g >= this.groupWeight.length) {
			this.groupWeight = doubled(this.groupWeight);
			this.groupFirstRow = doubled(this.groupFirstRow);
			this.groupRows = doubled(this.groupRows);
			this.groupExact = doubled(this.groupExact);
			this.groupExactWin = doubled(this.groupExactWin);
			this.groupExactCost = doubled(this.groupExactCost);
			this.groupExactSteps = doubled(this.groupExactSteps);
		}
		this.groupWeight[g] = weight;
		this.groupFirstRow[g] = this.rowCount;
		this.groupRows[g] = 0;
		this.groupExact[g] = 0;
	}
	/**
	* An exact option [won, cost] of the current choice, `steps` moves away (only the best-scoring one is kept, the
	* nearest on a tie).
	*/
	exactOption(won, cost, steps = 0) {
		const g = this.groupCount - 1;
		this.option[0] = won;
		this.option[1] = cost;
		if (this.groupExact[g]) {
			this.best[0] = this.groupExactWin[g];
			this.best[1] = this.groupExactCost[g];
			const option = this.score(this.option);
			const best = this.score(this.best);
			if (option < best || option === best && (!this.nearestOnTies || steps >= this.groupExactSteps[g])) return;
		}
		this.groupExact[g] = 1;
		this.groupExactWin[g] = won;
		this.groupExactCost[g] = cost;
		this.groupExactSteps[g] = steps;
	}
	/**
	* A row that is an option of the current choice, reached after paying `offset` and `steps` moves; returns its index
	* (fill rows[index*size …]).
	*/
	addOption(offset = 0, steps = 0) {
		const g = this.groupCount - 1;
		const row = this.rowCount++;
		if (this.rowCount * this.layout.size > this.rows.length) this.rows = doubled(this.rows);
		if (this.rowCount > this.weight.length) {
			this.weight = doubled(this.weight);
			this.offset = doubled(this.offset);
			this.steps = doubled(this.steps);
			this.sameAs = doubled(this.sameAs);
			this.batchIndex = doubled(this.batchIndex);
		}
		this.weight[row] = this.groupWeight[g];
		this.offset[row] = offset;
		this.steps[row] = steps;
		this.sameAs[row] = row;
		this.groupRows[g]++;
		return row;
	}
	/**
	* Row `row` has the features of the earlier row `first`: copies them, and the network's outputs for it are first's.
	*/
	sameFeatures(row, first) {
		const F = this.layout.size;
		this.rows.copyWithin(row * F, first * F, (first + 1) * F);
		this.sameAs[row] = first;
	}
	/** A position reached with probability `weight` after paying `offset` (a choice of one row); returns its index. */
	addRow(weight, offset = 0) {
		this.beginChoice(weight);
		return this.addOption(offset);
	}
	/**
	* [P(win), cost] of legal action k from the network's outputs on the rows (`outputs[row*2]`
	* the win logit, `outputs[row*2+1]` the cost).
	*/
	actionValue(k, outputs, into) {
		let win = this.exactWin[k];
		let cost = this.exactCost[k];
		let steps = 0;
		const end = this.firstGroup[k] + this.groupsOf[k];
		for (let g = this.firstGroup[k]; g < end; g++) {
			this.bestOption(g, outputs, this.best);
			win += this.groupWeight[g] * this.best[0];
			cost += this.groupWeight[g] * this.best[1];
			if (this.bestSteps > steps) steps = this.bestSteps;
		}
		this.actionSteps = steps;
		into[0] = win;
		into[1] = cost;
	}
	/** [P(win), cost] of group g's best-scoring option (the fewest steps away on a tie; its steps: `bestSteps`). */
	bestOption(g, outputs, into) {
		let best = -Infinity;
		this.bestSteps = 0;
		if (this.groupExact[g]) {
			into[0] = this.groupExactWin[g];
			into[1] = this.groupExactCost[g];
			best = this.score(into);
			this.bestSteps = this.groupExactSteps[g];
		}
		const option = this.option;
		const end = this.groupFirstRow[g] + this.groupRows[g];
		for (let row = this.groupFirstRow[g]; row < end; row++) {
			option[0] = 1 / (1 + Math.exp(-outputs[row * 2]));
			option[1] = this.offset[row] + outputs[row * 2 + 1];
			const score = this.score(option);
			if (score > best || score === best && this.nearestOnTies && this.steps[row] < this.bestSteps) {
				best = score;
				into[0] = option[0];
				into[1] = option[1];
				this.bestSteps = this.steps[row];
			}
		}
	}
	/** One action's score from [P(win), cost]: what the agent maximises. */
	score(value) {
		return value[0] - this.layout.tieWeight * value[1];
	}
	/** What a hint shows for an action (ranked by `score`): by default its P(win). */
	scoreKind = "win-probability";
	scoreUnit = void 0;
	reportedScore(value) {
		return value[0];
	}
	/**
	* The index k of the legal action with the highest score (on a tie: the first, or with `nearestOnTies` the fewest
	* steps, then the first).
	*/
	bestIndex(outputs) {
		let best = 0;
		let bestScore = -Infinity;
		let bestSteps = 0;
		for (let k = 0; k < this.actionCount; k++) {
			this.actionValue(k, outputs, this.value);
			const score = this.score(this.value);
			if (score > bestScore || score === bestScore && this.nearestOnTies && this.actionSteps < bestSteps) {
				bestScore = score;
				bestSteps = this.actionSteps;
				best = k;
			}
		}
		return best;
	}
};
/** A typed array of twice the length holding a's values (the buffers above grow by doubling). */
function doubled(a) {
	const b = new a.constructor(a.length * 2);
	b.set(a);
	return b;
}
const LOOP_OLDEST = 13;
/** How much the expected cards left (as a fraction of 52) counts against P(win). */
const CARDS_TIE_WEIGHT = .02;
function decadeLayout(options) {
	return options.loop ? {
		size: 662,
		oldest: LOOP_OLDEST,
		encoding: "decade-loop/1",
		tieWeight: CARDS_TIE_WEIGHT,
		cost: "cards"
	} : {
		size: 532,
		oldest: 0,
		encoding: "decade-line/1",
		tieWeight: CARDS_TIE_WEIGHT,
		cost: "cards"
	};
}
/** Why afterstate values cannot play these decade options, or null when they can. */
function decadeUnsupported(o) {
	if (o.stacks !== 1) return "afterstate values need one line (stacks: 1)";
	if (o.pickedUp !== "discard") return "afterstate values need pickedUp: 'discard' (with 'deck-bottom' the stock's order can be remembered)";
	return null;
}
/** The exact value [won, cards left / 52] of a finished game. */
function outcomeValue$1(outcome, into) {
	if (!("cardsLeft" in outcome)) throw new Error("a decade outcome has cardsLeft");
	into[0] = outcome.won ? 1 : 0;
	into[1] = outcome.cardsLeft / 52;
}
/**
* Writes the features of a one-line position, optionally with one more card of value
* `extra` (1..10) drawn onto the right end, at out[offset …].
*/
function writeLineFeatures(s, extra, out, offset, layout) {
	out.fill(0, offset, offset + layout.size);
	const len = s.len[0];
	let r = 0;
	if (extra > 0) out[offset + r++ * 10 + extra - 1] = 1;
	for (let p = len - 1; p >= 0 && r < 52; p--, r++) out[offset + r * 10 + CARD_VALUE[s.table[p]] - 1] = 1;
	for (let v = 1; v <= 10; v++) out[offset + 520 + v - 1] = (s.stockValues[v] - (v === extra ? 1 : 0)) / (v === 10 ? 16 : 4);
	out[offset + 530] = (s.stockLen - (extra > 0 ? 1 : 0)) / 52;
	out[offset + 531] = (len + (extra > 0 ? 1 : 0)) / 52;
	for (let q = 0; q < layout.oldest && q < len + (extra > 0 ? 1 : 0); q++) {
		const value = q < len ? CARD_VALUE[s.table[q]] : extra;
		out[offset + 532 + q * 10 + value - 1] = 1;
	}
}
/**
* The positions a one-line decade position's legal actions lead to: a discard's known line
* (played in a scratch copy of the env), a draw's line plus each unseen value, weighted by its
* count, and a move that ends the game by its exact result. Reused across calls.
*/
var DecadeExpansion = class extends AfterstateExpansion {
	scratch = null;
	/** The env `scratch` was last checked against. */
	scratchOf = null;
	exact = /* @__PURE__ */ new Float64Array(2);
	expand(env) {
		this.clear();
		const n = env.legalCount;
		this.actionCount = n;
		const s = decadeState(env);
		if (this.scratchOf !== env) {
			if (!this.scratch || this.scratch.id !== env.id || JSON.stringify(this.scratch.options) !== JSON.stringify(env.options)) this.scratch = env.clone();
			this.scratchOf = env;
		}
		const scratch = this.scratch;
		const F = this.layout.size;
		for (let k = 0; k < n; k++) {
			const action = env.legal[k];
			this.beginAction(k);
			if (action === 0) for (let v = 1; v <= 10; v++) {
				if (s.stockValues[v] === 0) continue;
				const row = this.addRow(s.stockValues[v] / s.stockLen);
				writeLineFeatures(s, v, this.rows, row * F, this.layout);
			}
			else {
				scratch.copyFrom(env);
				scratch.step(action);
				if (!scratch.running) {
					outcomeValue$1(scratch.outcome(), this.exact);
					this.exactWin[k] = this.exact[0];
					this.exactCost[k] = this.exact[1];
				} else {
					const row = this.addRow(1);
					writeLineFeatures(decadeState(scratch), 0, this.rows, row * F, this.layout);
				}
			}
			this.endAction(k);
		}
	}
};
/** The engine state of a decade env (an expansion is made for its features' game only). */
function decadeState(env) {
	const decade = decadeOf(env);
	if (!decade) throw new Error(`${env.id} is not a decade env`);
	return decade.state;
}
const DECADE_FEATURES = {
	game: decadeGame,
	unsupported: decadeUnsupported,
	layout: decadeLayout,
	expansion: (layout) => new DecadeExpansion(layout),
	outcomeValue: outcomeValue$1
};
// src/agents/learned/model-fit.ts
/**
* Why a model trained for `trainedEnv` with `trainedOptions` does not play `env`'s game, or null
* when it does: the same engine and options (its id may be another name for them: `decade` with
* `{ fives: true }` is `decade-fives`), the training reward aside; an option its metadata lacks
* has its default for the model's id. The reason is "another game", or the options that differ, each with both values.
*/
function whyOtherGame(trainedEnv, trainedOptions, env) {
	const here = env.options;
	if (!(trainedEnv === env.id || envIds().includes(trainedEnv) && envSpec(trainedEnv).game === env.game)) return "another game";
	let trained = trainedOptions;
	try {
		trained = resolveOptions(trainedEnv, trainedOptions);
	} catch {}
	const differ = optionsThatDiffer(trained, here);
	return differ.length === 0 ? null : differ.map((key) => `${key} ${shown(trained, key)} there, ${shown(here, key)} here`).join("; ");
}
/** An option's value as JSON, or that the set has no such option. */
function shown(options, key) {
	return key in options ? JSON.stringify(options[key]) : "no such option";
}
/**
* Throws unless the network's input is the layout the env needs: its width, and the encoding
* its metadata names (`features`; `requireName` when a missing name cannot be trusted).
*/
function assertFeaturesFit(meta, inputSize, env, layout, where, requireName) {
	if (inputSize !== layout.size) throw new TengymError("bad-argument", `${where} reads ${inputSize} features (${meta.features ?? "its metadata names no encoding"}); ${env.id} needs ${layout.size} (${layout.encoding})`);
	if (meta.features === void 0 ? requireName : meta.features !== layout.encoding) throw new TengymError("bad-argument", `${where}: ${meta.features === void 0 ? "its metadata names no encoding (\"features\")" : `its metadata says its features are ${JSON.stringify(meta.features)}`}; ${env.id} needs "${layout.encoding}" (${layout.size} features)`);
}
/**
* Throws unless the model was trained for this env's game (`whyOtherGame`) and has its sizes.
* The refusal names the options that differ.
*/
function assertModelFits(meta, env, where) {
	const why = whyOtherGame(meta.env, meta.options, env);
	if (why !== null) throw new TengymError("bad-argument", `${where} was trained for ${meta.env} ${JSON.stringify(meta.options)}, not ${env.id} ${JSON.stringify(env.options)} (${why})`);
	if (meta.observationSize !== env.observationSpace.shape[0] || meta.numActions !== env.actionSpace.n) throw new TengymError("bad-argument", `${where} expects observations of ${meta.observationSize} and ${meta.numActions} actions; ${env.id} has ${env.observationSpace.shape[0]} and ${env.actionSpace.n}`);
}
// src/games/decade/agents/fair-solver.ts
/**
* The exact fair optimum of a decade position: an expectimax over what a fair player knows (the
* table, the unseen cards' composition and, with 'deck-bottom', the order of the cards it saw go
* under the stock), a draw of an unseen card averaged over the unseen values by their counts,
* the player's moves maximised, memoized on that knowledge. Draws in another order that leave
* the same table meet again in the memo, which is what lets it solve stocks a tree cannot (on
* `decade-loop` about 8 unseen cards in a hint's few milliseconds, a dozen in seconds). Used by the learned search's
* endgame (learned-search.ts, `endgamePositions`) and by the measurement of the fair optimum
* (research/decade-reduced-room.ts), whose tests check it against a brute-force expectimax on the env.
*/
/** Thrown inside a solve that passes its budget (caught in valuesAfter). */
const OVER_BUDGET$1 = /* @__PURE__ */ new Error("fair solve over its position budget");
/** counts[v] = how many of the top `unseen` stock cards of p have value v. */
function countUnseen(p, unseen, counts) {
	counts.fill(0);
	for (let i = 0; i < unseen; i++) counts[p.stock[(p.head + i) % 52]]++;
}
/**
* A position's win chance under fair optimal play: the top `unseen` stock cards are unseen, the ones under them known.
*/
var FairSolver = class {
	rules;
	/** Positions valued since the last `clear`, and how many `valuesAfter` may value before it gives up. */
	valued = 0;
	budget = Infinity;
	/** Distinct positions valued so far. */
	get size() {
		return this.memo.reduce((sum, m) => sum + m.size, 0);
	}
	/** Sharded by the key's last character: one Map holds at most 2^24 entries. */
	memo = Array.from({ length: 64 }, () => /* @__PURE__ */ new Map());
	inProgress = /* @__PURE__ */ new Set();
	/** Per depth: a position, its move list, and the unseen values' counts at its chance node. */
	levels = [];
	counts = /* @__PURE__ */ new Int32Array(11);
	constructor(rules) {
		this.rules = rules;
	}
	/** Forgets every value (to bound memory: the values are exact whether kept or found again). */
	clear() {
		for (const m of this.memo) m.clear();
		this.valued = 0;
	}
	level(d) {
		while (this.levels.length <= d) this.levels.push({
			p: new Position(this.rules.stacks),
			moves: new Int32Array(DECADE_ACTIONS),
			counts: /* @__PURE__ */ new Int32Array(11)
		});
		return this.levels[d];
	}
	/**
	* The win chance of `p` under fair optimal play; its top `unseen` stock cards are unseen (their order is ignored).
	*/
	value(p, unseen) {
		this.level(0).p.copyFrom(p);
		return this.search(0, unseen);
	}
	/**
	* The win chance after each of moves[0..n-1] in `p` under fair optimal play, into out[0..n-1],
	* valuing at most `budget` new positions (the values already held are free); false, with out
	* unfinished, when that is not enough. The values held stay true either way.
	*/
	valuesAfter(p, unseen, moves, n, out, budget) {
		this.budget = this.valued + budget;
		try {
			for (let i = 0; i < n; i++) out[i] = this.valueAfter(p, unseen, moves[i]);
			return true;
		} catch (e) {
			if (e !== OVER_BUDGET$1) throw e;
			this.inProgress.clear();
			return false;
		} finally {
			this.budget = Infinity;
		}
	}
	/** The win chance after `action` in `p` under fair optimal play (p is not modified). */
	valueAfter(p, unseen, action) {
		this.level(0).p.copyFrom(p);
		return this.afterMove(0, unseen, action);
	}
	key(p, unseen) {
		const c = this.counts;
		countUnseen(p, unseen, c);
		const parts = [p.current, unseen];
		for (let v = 1; v <= 10; v++) parts.push(c[v]);
		for (let k = 0; k < p.stacks; k++) {
			parts.push(100 + p.len[k]);
			for (let i = 0; i < p.len[k]; i++) parts.push(p.vals[k * 52 + i]);
		}
		for (let i = unseen; i < p.stockLen; i++) parts.push(p.stock[(p.head + i) % 52]);
		return String.fromCharCode(...parts);
	}
	/** The value of level d's position, which it may change. */
	search(d, unseen) {
		const { p, moves } = this.level(d);
		const n = p.generate(this.rules, moves);
		if (n === 0) return p.won(this.rules) ? 1 : 0;
		const key = this.key(p, unseen);
		const shard = this.memo[key.charCodeAt(key.length - 1) * 7 + key.length & 63];
		const known = shard.get(key);
		if (known !== void 0) return known;
		if (this.inProgress.has(key)) return 0;
		if (++this.valued > this.budget) throw OVER_BUDGET$1;
		this.inProgress.add(key);
		let best = 0;
		for (let i = 0; i < n && best < 1; i++) {
			this.level(d + 1).p.copyFrom(p);
			const v = this.afterMove(d + 1, unseen, moves[i]);
			if (v > best) best = v;
		}
		this.inProgress.delete(key);
		shard.set(key, best);
		return best;
	}
	/** The value of playing `action` in level d's position (which it changes). */
	afterMove(d, unseen, action) {
		const { p, counts: c } = this.level(d);
		if (action !== 0 || unseen === 0) {
			p.apply(this.rules, action);
			return this.search(d, unseen);
		}
		countUnseen(p, unseen, c);
		const child = this.level(d + 1).p;
		let sum = 0;
		for (let v = 1; v <= 10; v++) {
			if (c[v] === 0) continue;
			child.copyFrom(p);
			for (let i = 0; i < unseen; i++) {
				const at = (child.head + i) % 52;
				if (child.stock[at] === v) {
					child.stock[at] = child.stock[child.head];
					child.stock[child.head] = v;
					break;
				}
			}
			child.apply(this.rules, 0);
			sum += c[v] * this.search(d + 1, unseen - 1);
		}
		return sum / unseen;
	}
};
// src/games/decade/learned/learned-search.ts
/**
* 'decade-line/1' and 'decade-loop/1': the afterstate models' one-line encoding
* (afterstate-features.ts, where its table is), or 'decade-stacks/1' (seven stacks, below).
*/
function positionLayout(rules) {
	if (rules.stacks === 7) return {
		encoding: "decade-stacks/1",
		size: STACKS_FEATURES,
		oldest: STACK_BOTTOM,
		top: STACK_TOP
	};
	const line = decadeLayout(rules);
	return {
		encoding: line.encoding,
		size: line.size,
		oldest: line.oldest,
		top: 52
	};
}
/**
* What the player knows of the stock: `unknown` cards on top whose values have the counts
* `unseen[1..10]`, then the known cards `known[head .. head+knownLen-1]` in drawing order
* ('deck-bottom' only).
*/
var StockKnowledge = class {
	unseen = /* @__PURE__ */ new Int32Array(11);
	unknown = 0;
	known = /* @__PURE__ */ new Uint8Array(208);
	head = 0;
	knownLen = 0;
	/**
	* With 'deck-bottom' and nothing unseen: the positions the game has held (memory.ts), which the solver counts as
	* cycles.
	*/
	held = null;
	copyFrom(k) {
		this.held = k.held;
		this.unseen.set(k.unseen);
		this.unknown = k.unknown;
		this.known.set(k.known.subarray(k.head, k.head + k.knownLen), 0);
		this.head = 0;
		this.knownLen = k.knownLen;
	}
};
const STACK_SLOTS = 7;
const STACK_TOP = 8;
const STACK_BOTTOM = 3;
/** Per stack slot: alive, cards / 52, the top 8 cards and the bottom 3 (one-hot values). */
const SLOT_FEATURES = 112;
const KNOWN_SHOWN = 10;
const STACKS_KNOWLEDGE_AT = 784;
const STACKS_FEATURES = 898;
/**
* Writes the features of `p` with the stock as `k` knows it at out[offset …].
*
* One line ('decade-line/1', 'decade-loop/1'): the line from its right end (card r left of the
* newest at r*10 + value − 1), unseen values / (4 or 16), unseen / 52, cards on the line / 52,
* and with a loop the 13 oldest cards from the left end.
*
* Seven stacks ('decade-stacks/1'): the stacks in rotation from the current one (slot 0, where
* runs are looked for; slot 1 receives the next card if live), each as alive, cards / 52, its
* 8 top cards (newest first) and 3 bottom cards (oldest first); then unseen values / (4 or 16),
* unseen / 52, stock / 52, cards on the table / 52, known cards / 52, and the next 10 known
* cards under the unseen ones (one-hot values, in drawing order).
*/
function writePositionFeatures(p, k, out, offset, layout) {
	out.fill(0, offset, offset + layout.size);
	if (p.stacks === 1) {
		const n = p.len[0];
		for (let r = 0, i = n - 1; i >= 0 && r < 52; i--, r++) out[offset + r * 10 + p.vals[i] - 1] = 1;
		for (let v = 1; v <= 10; v++) out[offset + 520 + v - 1] = k.unseen[v] / (v === 10 ? 16 : 4);
		out[offset + 530] = k.unknown / 52;
		out[offset + 531] = n / 52;
		for (let q = 0; q < layout.oldest && q < n; q++) out[offset + 532 + q * 10 + p.vals[q] - 1] = 1;
		return;
	}
	for (let slot = 0; slot < STACK_SLOTS; slot++) {
		const s = (p.current + slot) % STACK_SLOTS;
		const n = p.len[s];
		const at = offset + slot * SLOT_FEATURES;
		const base = s * 52;
		out[at] = n > 0 ? 1 : 0;
		out[at + 1] = n / 52;
		for (let r = 0; r < STACK_TOP && r < n; r++) out[at + 2 + r * 10 + p.vals[base + n - 1 - r] - 1] = 1;
		for (let q = 0; q < STACK_BOTTOM && q < n; q++) out[at + 2 + (STACK_TOP + q) * 10 + p.vals[base + q] - 1] = 1;
	}
	const at = offset + STACKS_KNOWLEDGE_AT;
	for (let v = 1; v <= 10; v++) out[at + v - 1] = k.unseen[v] / (v === 10 ? 16 : 4);
	out[at + 10] = k.unknown / 52;
	out[at + 11] = p.stockLen / 52;
	out[at + 12] = p.tableCount / 52;
	out[at + 13] = k.knownLen / 52;
	for (let i = 0; i < KNOWN_SHOWN && i < k.knownLen; i++) out[at + 14 + i * 10 + k.known[k.head + i] - 1] = 1;
}
const LEAF = 0;
const EXACT = 1;
const MAX = 2;
const CHANCE = 3;
/** Nodes an exact endgame tree may take before the decision falls back to the usual depth. */
const ENDGAME_NODES = 1e4;
/** The solver's node budget per move once a 'deck-bottom' stock is all known (lookahead's). */
const SOLVER_BUDGET = 2e4;
/** Thrown inside a tree that passes its node or leaf budget (caught where the budget was set). */
const OVER_BUDGET = /* @__PURE__ */ new Error("tree over its budget");
/**
* The search trees of one or more positions, built into flat typed arrays (reused: after the
* first decisions nothing is allocated), their horizon positions' features in `rows`.
*/
var SearchForest = class {
	rules;
	config;
	layout;
	/** Horizon positions' features, leaf r at rows[r*size …]. */
	rows;
	leafCount = 0;
	nodeCount = 0;
	childCount = 0;
	kind = /* @__PURE__ */ new Uint8Array(256);
	/** LEAF: its row; MAX and CHANCE: first child slot. */
	first = /* @__PURE__ */ new Int32Array(256);
	count = /* @__PURE__ */ new Int32Array(256);
	win = /* @__PURE__ */ new Float64Array(256);
	cost = /* @__PURE__ */ new Float64Array(256);
	child = /* @__PURE__ */ new Int32Array(256);
	weight = /* @__PURE__ */ new Float64Array(256);
	levels;
	knowledge = new StockKnowledge();
	depthLeft = 0;
	/** Node count past which an endgame tree is abandoned (addDecision). */
	nodeBudget = Infinity;
	/**
	* The leaves a tree being built may reach: past it the tree is given up as soon as it is, not
	* once built (one draw deeper can hold tens of times the leaves, eight deeper more than memory).
	*/
	leafBudget = Infinity;
	/** 'deck-bottom' with an endgame: the solver of known stocks, and its scratch position. */
	solver = null;
	known = null;
	/** `endgamePositions`: the fair solver and its scratch position. */
	fair = null;
	fairPosition = null;
	/** An endgame's exact values of a decision's moves, by move: the win, and the cards left / 52. */
	endWin = /* @__PURE__ */ new Float64Array(16);
	endCost = /* @__PURE__ */ new Float64Array(16);
	/** `endgameSamples`: pimc's decision rule on sampled deals. */
	sampler = null;
	constructor(rules, config) {
		this.rules = rules;
		this.config = config;
		this.layout = positionLayout(rules);
		this.levels = new SearchLevels(rules.stacks);
		this.rows = new Float32Array(64 * this.layout.size);
	}
	/** Forgets every tree. */
	clear() {
		this.nodeCount = 0;
		this.childCount = 0;
		this.leafCount = 0;
	}
	/**
	* A tree for each legal move of `p` (`moves[0..n-1]`), its root node at roots[at + i]; built
	* again one draw less deep while these trees' horizon holds more than `maxLeaves` positions.
	*/
	addDecision(p, moves, n, k, roots, at = 0) {
		const mark = this.mark();
		const endgame = this.config.endgame ?? 0;
		if (this.endWin.length < n) {
			this.endWin = new Float64Array(n);
			this.endCost = new Float64Array(n);
		}
		if (this.rules.deckBottom && endgame > 0 && k.unknown === 0) {
			this.solveKnown(p, moves, n, k);
			this.exactRoots(n, roots, at);
			return;
		}
		const positions = this.config.endgamePositions ?? 0;
		const samples = this.config.endgameSamples ?? 0;
		const inEndgame = !this.rules.deckBottom && p.stockLen <= endgame;
		if (inEndgame && samples > 0) {
			this.solveSampled(p, moves, n, k, samples);
			this.exactRoots(n, roots, at);
			return;
		}
		if (inEndgame && positions > 0) {
			if (this.solveFair(p, moves, n, k, positions)) {
				this.exactRoots(n, roots, at);
				return;
			}
		} else if (inEndgame && p.stockLen >= this.config.depth) {
			this.nodeBudget = mark.nodes + ENDGAME_NODES;
			try {
				for (let i = 0; i < n; i++) roots[at + i] = this.afterMove(p, moves[i], k, p.stockLen + 1);
				return;
			} catch (e) {
				if (e !== OVER_BUDGET) throw e;
				this.reset(mark);
			} finally {
				this.nodeBudget = Infinity;
			}
		}
		for (let depth = this.config.depth;; depth--) if (this.withinLeaves(mark, depth, () => {
			for (let i = 0; i < n; i++) roots[at + i] = this.afterMove(p, moves[i], k, depth);
		})) return;
	}
	/**
	* Runs `build` (trees `depth` draws deep from `mark`) and says whether they hold at most
	* `maxLeaves` leaves; where not, they are gone. Depth 0 (a leaf a move) always holds.
	*/
	withinLeaves(mark, depth, build) {
		this.leafBudget = depth === 0 ? Infinity : mark.leaves + this.config.maxLeaves;
		try {
			build();
			return true;
		} catch (e) {
			if (e !== OVER_BUDGET) throw e;
			this.reset(mark);
			return false;
		} finally {
			this.leafBudget = Infinity;
		}
	}
	/** Each move's root an exact node of its endgame values (`endWin`, `endCost`). */
	exactRoots(n, roots, at) {
		for (let i = 0; i < n; i++) roots[at + i] = this.exact(this.endWin[i], this.endCost[i]);
	}
	/**
	* 'deck-bottom', nothing unseen: the deal ahead is known, and each move's values are the solver's
	* value of it (0: the table clears; else 1 + the fewest cards left, or its estimate past the
	* budget), the positions the game has held counting as cycles. Those grow with every move,
	* so the solver's table is cleared for each decision.
	*/
	solveKnown(p, moves, n, k) {
		this.solver ??= new Solver(this.rules);
		this.known ??= new Position(this.rules.stacks);
		const q = this.known;
		q.copyFrom(p);
		for (let i = 0; i < k.knownLen; i++) q.stock[i] = k.known[k.head + i];
		q.head = 0;
		q.stockLen = k.knownLen;
		this.solver.clear();
		for (let i = 0; i < n; i++) {
			const v = this.solver.valueAfter(q, moves[i], SOLVER_BUDGET, k.held);
			this.endWin[i] = v === 0 ? 1 : 0;
			this.endCost[i] = v === 0 ? 0 : (v - 1) / 52;
		}
	}
	/**
	* One stock, at most `endgame` cards: each move's values are its exact fair win chance (no cards
	* left to break ties) when the solve values at most `positions` positions; false otherwise.
	* The memo is cleared for each decision, so a decision's answer never depends on the ones
	* before it.
	*/
	solveFair(p, moves, n, k, positions) {
		this.fair ??= new FairSolver(this.rules);
		this.fairPosition ??= new Position(this.rules.stacks);
		const q = this.fairPosition;
		q.copyFrom(p);
		let unseen = 0;
		for (let v = 1; v <= 10; v++) for (let c = 0; c < k.unseen[v]; c++) q.stock[unseen++] = v;
		q.head = 0;
		q.stockLen = unseen;
		this.fair.clear();
		if (!this.fair.valuesAfter(q, unseen, moves, n, this.endWin, positions)) return false;
		this.endCost.fill(0, 0, n);
		return true;
	}
	/**
	* One stock, at most `endgame` cards: each move's values are its win fraction and mean cards left
	* over `samples` fair deals of the unseen cards, each solved to the end (PimcSearch). The deals
	* are drawn from what the player sees (`seenPositionHash`) and the solver's table is cleared,
	* so a decision's answer never depends on the ones before it, nor on who asks.
	*/
	solveSampled(p, moves, n, k, samples) {
		this.sampler ??= new PimcSearch(this.rules);
		const search = this.sampler;
		search.solver.clear();
		const hidden = p.stockLen > 0;
		const rng = createRng(seenPositionHash(p, k));
		const t = search.tally(moves, n, hidden ? samples : 1, hidden ? PIMC_BUDGET : PIMC_ENDGAME_BUDGET, hidden, rng, (sample, r) => sample.loadFairFrom(p, k.unseen, r));
		for (let i = 0; i < n; i++) {
			const cardsLeft = (t.values[i] - (t.samples - t.wins[i])) / t.samples;
			this.endWin[i] = t.wins[i] / t.samples;
			this.endCost[i] = cardsLeft / 52;
		}
	}
	/** The tree of position `p` itself (a training target): its value as the search sees it. */
	addPosition(p, k) {
		const mark = this.mark();
		for (let depth = this.config.depth;; depth--) {
			let root = -1;
			if (this.withinLeaves(mark, depth, () => {
				this.levels.at(0).copyFrom(p);
				this.knowledge.copyFrom(k);
				this.depthLeft = depth;
				root = this.decide(0);
			})) return root;
		}
	}
	/**
	* Writes the features of the position `move` leads to from `p` (its forced discards played)
	* at out[offset …]; false, writing nothing, when the game ends there.
	*/
	writeAfterMove(p, move, k, out, offset) {
		if (move === 0) return false;
		const q = this.levels.at(0);
		q.copyFrom(p);
		this.knowledge.copyFrom(k);
		this.apply(q, move);
		const moves = this.levels.moves(0);
		let n = q.generate(this.rules, moves);
		while (n === 1 && moves[0] !== 0) {
			this.apply(q, moves[0]);
			n = q.generate(this.rules, moves);
		}
		if (n === 0) return false;
		writePositionFeatures(q, this.knowledge, out, offset, this.layout);
		return true;
	}
	mark() {
		return {
			nodes: this.nodeCount,
			children: this.childCount,
			leaves: this.leafCount
		};
	}
	reset(m) {
		this.nodeCount = m.nodes;
		this.childCount = m.children;
		this.leafCount = m.leaves;
	}
	afterMove(p, move, k, depth) {
		const q = this.levels.at(0);
		q.copyFrom(p);
		this.knowledge.copyFrom(k);
		if (move === 0) {
			this.depthLeft = Math.max(depth, 1);
			return this.chance(0);
		}
		this.depthLeft = depth;
		this.apply(q, move);
		return this.decide(0);
	}
	/**
	* Applies the discard `move` to q, keeping the knowledge up to date (discarded cards under the stock); draws go
	* through chance().
	*/
	apply(q, move) {
		if (this.rules.deckBottom) {
			const k = this.knowledge;
			const start = runStartOf(move);
			const end = start + runLengthOf(move);
			const base = q.current * 52;
			const n = q.len[q.current];
			for (let i = 0; i < end - n; i++) k.known[k.head + k.knownLen++] = q.vals[base + i];
			for (let i = start; i < Math.min(end, n); i++) k.known[k.head + k.knownLen++] = q.vals[base + i];
		}
		q.apply(this.rules, move);
	}
	/** The node of positions[d] with the player to move (forced moves played first). */
	decide(d) {
		const r = this.rules;
		const p = this.levels.at(d);
		const moves = this.levels.moves(d);
		let n = p.generate(r, moves);
		while (n === 1 && moves[0] !== 0) {
			this.apply(p, moves[0]);
			n = p.generate(r, moves);
		}
		if (n === 0) return this.exact(p.won(r) ? 1 : 0, p.tableCount / 52);
		if (this.depthLeft === 0) return this.leaf(p);
		if (n === 1) return this.chance(d);
		const k = this.knowledge;
		const knownLen = k.knownLen;
		const node = this.node(MAX);
		const q = this.levels.at(d + 1);
		const children = [];
		for (let i = 0; i < n; i++) {
			if (moves[i] === 0) children.push(this.chance(d));
			else {
				q.copyFrom(p);
				this.apply(q, moves[i]);
				children.push(this.decide(d + 1));
			}
			k.knownLen = knownLen;
		}
		return this.group(node, children, null);
	}
	/** A draw from positions[d]: each unseen value, or the known next card. */
	chance(d) {
		const p = this.levels.at(d);
		const q = this.levels.at(d + 1);
		const k = this.knowledge;
		const stack = p.nextLiveStack(p.current);
		this.depthLeft--;
		let node;
		if (k.unknown === 0) {
			const knownLen = k.knownLen;
			const v = k.known[k.head];
			k.head++;
			k.knownLen--;
			drawValue(p, q, stack, v);
			node = this.decide(d + 1);
			k.head--;
			k.knownLen = knownLen;
		} else {
			const knownLen = k.knownLen;
			node = this.node(CHANCE);
			const children = [];
			const weights = [];
			const total = k.unknown;
			k.unknown--;
			for (let v = 1; v <= 10; v++) {
				const c = k.unseen[v];
				if (c === 0) continue;
				drawValue(p, q, stack, v);
				k.unseen[v]--;
				children.push(this.decide(d + 1));
				weights.push(c / total);
				k.unseen[v]++;
				k.knownLen = knownLen;
			}
			k.unknown++;
			node = this.group(node, children, weights);
		}
		this.depthLeft++;
		return node;
	}
	node(kind) {
		if (this.nodeCount >= this.nodeBudget) throw OVER_BUDGET;
		if (this.nodeCount === this.kind.length) {
			this.kind = grow(this.kind);
			this.first = grow(this.first);
			this.count = grow(this.count);
			this.win = grow(this.win);
			this.cost = grow(this.cost);
		}
		const i = this.nodeCount++;
		this.kind[i] = kind;
		return i;
	}
	exact(win, cost) {
		const i = this.node(EXACT);
		this.win[i] = win;
		this.cost[i] = cost;
		return i;
	}
	leaf(p) {
		if (this.leafCount >= this.leafBudget) throw OVER_BUDGET;
		const i = this.node(LEAF);
		const row = this.leafCount++;
		const F = this.layout.size;
		if ((row + 1) * F > this.rows.length) this.rows = grow(this.rows);
		writePositionFeatures(p, this.knowledge, this.rows, row * F, this.layout);
		this.first[i] = row;
		return i;
	}
	group(node, children, weights) {
		while (this.childCount + children.length > this.child.length) {
			this.child = grow(this.child);
			this.weight = grow(this.weight);
		}
		this.first[node] = this.childCount;
		this.count[node] = children.length;
		for (let i = 0; i < children.length; i++) {
			this.child[this.childCount + i] = children[i];
			this.weight[this.childCount + i] = weights ? weights[i] : 0;
		}
		this.childCount += children.length;
		return node;
	}
	/**
	* Backs up the value of node `i` from the network's outputs on `rows` (two per leaf: win
	* logit, cards / 52, at outputs[row * 2]) into `value`: [P(win), cards / 52].
	*/
	evaluate(i, outputs, value) {
		this.backup(i, outputs);
		value[0] = this.win[i];
		value[1] = this.cost[i];
	}
	backup(i, out) {
		const kind = this.kind[i];
		if (kind === EXACT) return;
		if (kind === LEAF) {
			const r = this.first[i] * 2;
			this.win[i] = 1 / (1 + Math.exp(-out[r]));
			this.cost[i] = out[r + 1];
			return;
		}
		const from = this.first[i];
		const to = from + this.count[i];
		let win = 0;
		let cost = 0;
		let best = -Infinity;
		const tie = this.config.tieWeight;
		for (let c = from; c < to; c++) {
			const j = this.child[c];
			this.backup(j, out);
			if (kind === CHANCE) {
				win += this.weight[c] * this.win[j];
				cost += this.weight[c] * this.cost[j];
			} else {
				const score = this.win[j] - tie * this.cost[j];
				if (score > best) {
					best = score;
					win = this.win[j];
					cost = this.cost[j];
				}
			}
		}
		this.win[i] = win;
		this.cost[i] = cost;
	}
};
/** q = p after drawing a card of value v onto stack k. */
function drawValue(p, q, k, v) {
	q.copyFrom(p);
	q.steps++;
	q.stockLen--;
	q.head = (q.head + 1) % 52;
	q.push(k, v);
}
function grow(a) {
	const b = new a.constructor(a.length * 2);
	b.set(a);
	return b;
}
/**
* The learned-search agent of the decade family: at every decision, `SearchForest`'s trees for
* the legal moves, their horizon valued in one forward pass of the network, the best move
* played (ties: the first legal one). With 'deck-bottom' it remembers, per env, what went under
* the stock (memory.ts), so it must see every state of a game, as `tengym eval` shows them;
* `actBatch` decides many games in one forward pass.
*/
var DecadeSearchAgent = class {
	name;
	network;
	metadata;
	config;
	fair = true;
	forest = null;
	rulesCache = new RulesCache();
	/** What each env's player remembers of the stock ('deck-bottom' only). */
	memories = /* @__PURE__ */ new WeakMap();
	knowledge = new StockKnowledge();
	position = null;
	roots = /* @__PURE__ */ new Int32Array(64);
	/** Per legal action of the last decisions (all of a batch, back to back): P(win) and score. */
	winOf = /* @__PURE__ */ new Float64Array(64);
	scoreOf = /* @__PURE__ */ new Float64Array(64);
	value = /* @__PURE__ */ new Float64Array(2);
	disposed = false;
	constructor(name, network, metadata, config) {
		this.name = name;
		this.network = network;
		this.metadata = metadata;
		this.config = config;
	}
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	act(env) {
		const rules = this.prepare(env);
		if (env.legalCount === 1) return env.legal[0];
		this.forest.clear();
		this.addDecision(env, rules, 0);
		this.valueDecisions([env], 1);
		return env.legal[bestOf(this.scoreOf, 0, env.legalCount)];
	}
	actBatch(envs, count, out) {
		checkNotDisposed(this.disposed, this.name);
		let at = 0;
		for (let j = 0; j < count; j++) {
			const rules = this.prepare(envs[j]);
			if (j === 0) this.forest.clear();
			this.addDecision(envs[j], rules, at);
			at += envs[j].legalCount;
		}
		this.valueDecisions(envs, count);
		at = 0;
		for (let j = 0; j < count; j++) {
			out[j] = envs[j].legal[bestOf(this.scoreOf, at, envs[j].legalCount)];
			at += envs[j].legalCount;
		}
	}
	/** Every legal action with its P(win) under the search, best first (ties: legal order). */
	score(env) {
		const rules = this.prepare(env);
		const n = env.legalCount;
		this.forest.clear();
		this.addDecision(env, rules, 0);
		this.valueDecisions([env], 1);
		return {
			kind: "win-probability",
			actions: Array.from({ length: n }, (_, i) => i).sort((a, b) => this.scoreOf[b] - this.scoreOf[a] || a - b).map((i) => ({
				action: env.legal[i],
				score: this.winOf[i]
			}))
		};
	}
	/** Brings env's memory of the stock up to its state ('deck-bottom'; nothing to remember otherwise). */
	observe(env) {
		this.prepare(env);
	}
	/** Frees the model's weights (`Agent.dispose`); a second call does nothing. */
	dispose() {
		if (this.disposed) return;
		this.disposed = true;
		this.network.dispose();
	}
	/** Checks the env, brings its memory up to date and returns its rules (`act`, `score` and `observe` start here). */
	prepare(env) {
		checkNotDisposed(this.disposed, this.name);
		const { state, options } = decadeEnv(env, this.name);
		const rules = this.rulesCache.get(options);
		if (rules.deckBottom) {
			let memory = this.memories.get(env);
			if (!memory) this.memories.set(env, memory = new StockMemory());
			memory.sync(state, rules);
		}
		if (this.forest === null || this.forest.rules !== rules) {
			assertModelFits(this.metadata, env, `model "${this.name}"`);
			const layout = positionLayout(rules);
			assertFeaturesFit(this.metadata, this.network.inputSize, env, layout, `model "${this.name}"`, true);
			this.forest = new SearchForest(rules, this.config);
			this.position = new Position(rules.stacks);
		}
		return rules;
	}
	/** The trees of env's legal actions, roots at roots[at …]. */
	addDecision(env, rules, at) {
		const { state } = decadeEnv(env, this.name);
		const n = env.legalCount;
		const p = this.position;
		p.loadTableOnly(state);
		p.stockLen = state.stockLen;
		loadKnowledge(this.knowledge, state, rules.deckBottom ? this.memories.get(env) : null);
		if (this.roots.length < at + n) this.roots = growTo(this.roots, at + n);
		this.forest.addDecision(p, env.legal, n, this.knowledge, this.roots, at);
	}
	/** One forward pass for every tree, then each root's value. */
	valueDecisions(envs, count) {
		const forest = this.forest;
		const outputs = this.network.outputs(forest.rows, forest.leafCount, forest.layout.size);
		let total = 0;
		for (let j = 0; j < count; j++) total += envs[j].legalCount;
		if (this.winOf.length < total) {
			this.winOf = new Float64Array(total * 2);
			this.scoreOf = new Float64Array(total * 2);
		}
		for (let i = 0; i < total; i++) {
			forest.evaluate(this.roots[i], outputs, this.value);
			this.winOf[i] = this.value[0];
			this.scoreOf[i] = this.value[0] - this.config.tieWeight * this.value[1];
		}
	}
};
/** The index of the highest of scores[from … from+n) minus from (the first on a tie). */
function bestOf(scores, from, n) {
	let best = 0;
	for (let i = 1; i < n; i++) if (scores[from + i] > scores[from + best]) best = i;
	return best;
}
function growTo(a, n) {
	const b = new Int32Array(Math.max(n, a.length * 2));
	b.set(a);
	return b;
}
/** The stock as a player of `state` knows it: the composition, and with a memory what it remembers. */
function loadKnowledge(k, state, memory) {
	k.head = 0;
	k.knownLen = 0;
	k.held = memory?.held ?? null;
	if (memory === null) {
		for (let v = 1; v <= 10; v++) k.unseen[v] = state.stockValues[v];
		k.unknown = state.stockLen;
		return;
	}
	memory.unseenCounts(state, k.unseen);
	k.unknown = memory.unknown;
	for (let i = 0; i < memory.knownCount; i++) k.known[k.knownLen++] = memory.knownAt(i);
}
/**
* A 32-bit hash of what a player sees at `p` (one stock): the table, the stock's size and the
* unseen cards' composition, never the stock's order (as `seenHash` in pimc.ts is of an engine
* state). Seeds the sampled endgame's deals.
*/
function seenPositionHash(p, k) {
	let h = mix32(5369127 ^ p.stockLen << 8 ^ p.current);
	for (let s = 0; s < p.stacks; s++) {
		const base = s * 52;
		h = mix32(h ^ 256 + p.len[s]);
		for (let i = 0; i < p.len[s]; i++) h = mix32(h + p.vals[base + i]);
	}
	for (let v = 1; v <= 10; v++) h = mix32(h ^ (v << 8 | k.unseen[v]));
	return h >>> 0;
}
// src/games/decade/learned/targets.ts
/** The one-line decade family: an episode's samples learn its result (Monte Carlo). */
var DecadeMonteCarlo = class {
	own;
	value = /* @__PURE__ */ new Float64Array(2);
	layout;
	sink;
	constructor({ layout, sink }) {
		this.layout = layout;
		this.sink = sink;
		this.own = new Float32Array(layout.size);
	}
	/** The decision's own position, then where a discard led (a draw's line is the next decision's own). */
	beforeMove(i, env, x, _outputs, chosen) {
		writeLineFeatures(decadeOf(env).state, 0, this.own, 0, this.layout);
		this.sink.add(i, this.own, 0);
		if (x.rowsOf[chosen] === 1 && env.legal[chosen] !== 0) this.sink.add(i, x.rows, x.firstRow[chosen] * this.layout.size);
	}
	afterMove(i, _env, ended) {
		if (ended === null) return;
		DECADE_FEATURES.outcomeValue(ended, this.value);
		this.sink.close(i, this.value[0], this.value[1]);
	}
	endRound() {}
	getState() {
		return {};
	}
	setState() {}
};
// src/games/decade/learned/index.ts
registerModelParts(decadeGame, {
	afterstate: {
		/** The position features of the afterstate models. */
		features: DECADE_FEATURES,
		/** Their training targets. */
		targets: { play: (context) => new DecadeMonteCarlo(context) }
	},
	heads: { search: {
		/** The features the search's network reads under these options. */
		layout: (env) => positionLayout(rulesOf$2(env.options)),
		/** The search agent of a loaded model. */
		agent: (name, network, metadata) => new DecadeSearchAgent(name, network, metadata, metadata.search)
	} }
});
// src/games/four-ten/learned/afterstate-features.ts
const FOUR_TEN_LAYOUT = {
	size: 245,
	encoding: "four-ten/2",
	tieWeight: 0,
	oldest: 0,
	cost: "rounds"
};
/** The cost of one round (the network's cost is rounds / 10). */
const ROUND_COST = .1;
const SUM_AT = 60;
const STOCK_AT = 111;
const STOCK_SIZE_AT = 147;
const NEED_AT = 148;
const NEED_SCALED_AT = 198;
const SAFETIES_AT = 199;
const SAFETIES_SCALED_AT = 203;
const PLACED_AT = 204;
const CHANCE_AT = 228;
const SCORES_SOMEWHERE_AT = 232;
const FAULTS_EVERYWHERE_AT = 236;
const CHANCE_SCORES_AT = 240;
const CHANCE_FAULTS_AT = 241;
const FULL_AT = 242;
/** Why afterstate values cannot play these Four Ten options, or null when they can. */
function fourTenUnsupported(o) {
	if (o.handTarget > 16) return "afterstate values need handTarget ≤ 16 (the most four cards can make)";
	return null;
}
/**
* The exact value of a finished game: won or not, and the last round, plus the loss's cost when lost (a bust, or the
* round cap).
*/
function outcomeValue(outcome, into) {
	const won = outcome.won;
	into[0] = won ? 1 : 0;
	into[1] = (won ? 1 : 11) * ROUND_COST;
}
/** Writes the features of a position at out[offset …]. */
function writeFourTenFeatures(p, o, out, offset) {
	out.fill(0, offset, offset + FOUR_TEN_LAYOUT.size);
	for (let i = 0; i < 12; i++) out[offset + (i >> 2) * 20 + (i & 3) * 5 + p.counts[i]] = 1;
	let stockSize = 0;
	for (let h = 0; h < 3; h++) out[offset + SUM_AT + h * 17 + Math.min(p.sums[h], 16)] = 1;
	for (let v = 0; v < 4; v++) {
		out[offset + STOCK_AT + v * 9 + p.stock[v]] = 1;
		stockSize += p.stock[v];
	}
	out[offset + STOCK_SIZE_AT] = stockSize / 32;
	const need = Math.max(1, o.gameTarget - p.points);
	out[offset + NEED_AT + Math.min(need, 50) - 1] = 1;
	out[offset + NEED_SCALED_AT] = need / o.gameTarget;
	out[offset + SAFETIES_AT + Math.min(p.safeties, 3)] = 1;
	out[offset + SAFETIES_SCALED_AT] = o.safeties > 0 ? p.safeties / o.safeties : 0;
	let room = 0;
	for (let h = 0; h < 3; h++) if (p.counts[h * 4] + p.counts[h * 4 + 1] + p.counts[h * 4 + 2] + p.counts[h * 4 + 3] >= 4) out[offset + FULL_AT + h] = 1;
	else room |= 1 << h;
	let chanceScores = 0;
	let chanceFaults = 0;
	for (let v = 1; v <= 4; v++) {
		let scores = 0;
		let faults = 0;
		for (let h = 0; h < 3; h++) {
			if ((room & 1 << h) === 0) continue;
			const verdict = judgeHands(p.sums[0] + (h === 0 ? v : 0), p.sums[1] + (h === 1 ? v : 0), p.sums[2] + (h === 2 ? v : 0), o);
			if (verdict === 1) {
				out[offset + PLACED_AT + (h * 4 + v - 1) * 2] = 1;
				scores = 1;
			} else if (verdict === 2) {
				out[offset + PLACED_AT + (h * 4 + v - 1) * 2 + 1] = 1;
				faults++;
			}
		}
		const everywhere = room !== 0 && faults === (room & 1) + (room >> 1 & 1) + (room >> 2 & 1) ? 1 : 0;
		const chance = stockSize > 0 ? p.stock[v - 1] / stockSize : 0;
		out[offset + CHANCE_AT + v - 1] = chance;
		out[offset + SCORES_SOMEWHERE_AT + v - 1] = scores;
		out[offset + FAULTS_EVERYWHERE_AT + v - 1] = everywhere;
		chanceScores += scores * chance;
		chanceFaults += everywhere * chance;
	}
	out[offset + CHANCE_SCORES_AT] = chanceScores;
	out[offset + CHANCE_FAULTS_AT] = chanceFaults;
}
const EMPTY_HANDS = /* @__PURE__ */ new Uint8Array(12);
const NO_SUMS = /* @__PURE__ */ new Int32Array(3);
const FULL_STOCK = (/* @__PURE__ */ new Uint8Array(4)).fill(8);
/** Writes the features of a round's start (empty hands, full stock) at these points and safeties. */
function writeRoundStart(points, safeties, o, out, offset) {
	writeFourTenFeatures({
		counts: EMPTY_HANDS,
		sums: NO_SUMS,
		stock: FULL_STOCK,
		points,
		safeties
	}, o, out, offset);
}
/** How a round ends, as `roundEndCode` codes it (≥ 0: the next round's start, points·1024 + safeties). */
const WON = -1;
const BUST = -2;
/**
* Where a round that ends with this verdict leaves the game (`verdict` the check's, NOTHING for
* the bottom of the deck, with hands totalling `total`), from these points and safeties: WON,
* BUST, or the next round's start as points·1024 + safeties.
*/
function roundEndCode(verdict, total, points, safeties, o) {
	let next;
	if (verdict === 1) next = points + o.handTarget;
	else if (verdict === 2) {
		if (safeties > 0) return points * 1024 + safeties - 1;
		if (points < total) return BUST;
		return (points - total) * 1024;
	} else next = points + total;
	return next >= o.gameTarget ? WON : next * 1024 + safeties;
}
/**
* The cost of a round that ends with `roundEndCode`'s code, the next round's start valued at `startCost` when the game
* goes on.
*/
function roundEndCost(code, startCost) {
	return code === WON ? ROUND_COST : code === BUST ? 11 * ROUND_COST : ROUND_COST + startCost;
}
/** The positions a Four Ten state's legal actions lead to (see the module comment). Reused across calls. */
var FourTenExpansion = class extends AfterstateExpansion {
	/**
	* Per row, what it is (for exact targets): the engine key of a turn start's configuration
	* (−1 for other rows) and its stock (Σ count of v · 9^(v−1)), and 1 + roundEnd's code of a
	* round start (0 for other rows).
	*/
	rowKey = /* @__PURE__ */ new Int32Array(64);
	rowStock = /* @__PURE__ */ new Int32Array(64);
	rowStart = /* @__PURE__ */ new Int32Array(64);
	/** The hands and stock being changed, restored after each outcome. */
	counts = /* @__PURE__ */ new Uint8Array(12);
	sums = /* @__PURE__ */ new Int32Array(3);
	stock = /* @__PURE__ */ new Uint8Array(4);
	position = {
		counts: this.counts,
		sums: this.sums,
		stock: this.stock,
		points: 0,
		safeties: 0
	};
	options;
	k = 0;
	/**
	* Exchange search: every configuration met, with the group (an index into its starts) that first reached it (−1: seen
	* this turn).
	*/
	firstReach = /* @__PURE__ */ new Map();
	queue = /* @__PURE__ */ new Int32Array(1024);
	queueGroup = /* @__PURE__ */ new Int32Array(1024);
	/** Exchanges from the decision to each queued configuration (breadth-first: never more than needed). */
	queueSteps = /* @__PURE__ */ new Int32Array(1024);
	queueLength = 0;
	/**
	* The rows written so far in this expansion, by what they are (`distinctRow`), to share the features of equal ones.
	*/
	rowOf = /* @__PURE__ */ new Map();
	/** Round ends one exchange away, as (group, roundEnd code, exchanges to it, that one included) triples. */
	exits = /* @__PURE__ */ new Int32Array(384);
	exitCount = 0;
	constructor() {
		super(FOUR_TEN_LAYOUT);
	}
	expand(env) {
		this.clear();
		this.rowOf.clear();
		const four = fourTenOf(env);
		if (!four) throw new Error(`${env.id} is not a Four Ten env`);
		const s = four.state;
		this.options = four.options;
		this.counts.set(s.counts);
		this.sums.set(s.sums);
		this.stock.set(s.stockCounts);
		this.position.points = s.points;
		this.position.safeties = s.safeties;
		const n = env.legalCount;
		this.actionCount = n;
		if (n > 0 && env.legal[0] >= 15) {
			this.expandExchanges(env, s);
			return;
		}
		for (let k = 0; k < n; k++) {
			const action = env.legal[k];
			this.k = k;
			this.beginAction(k);
			if (action < 3) {
				if (s.drawn > 0) {
					this.add(action, s.drawn);
					this.outcome(1);
					this.remove(action, s.drawn);
				} else this.drawInto(action);
			} else {
				const r = action - 3;
				const h = r >> 2;
				const u = (r & 3) + 1;
				this.remove(h, u);
				this.drawInto(h);
				this.add(h, u);
			}
			this.endAction(k);
		}
	}
	/**
	* The exchange phase: ending the turn now is the current configuration at a turn's start; an
	* exchange is the choice of what exchanging on from it can reach. One breadth-first search
	* from the current configuration finds every choice's options; each reached configuration
	* belongs to the exchange that first reached it.
	*/
	expandExchanges(env, s) {
		const n = env.legalCount;
		this.firstReach.clear();
		for (let i = 0; i < s.seenCount; i++) this.firstReach.set(s.seen[i], -1);
		this.queueLength = 0;
		this.exitCount = 0;
		for (let k = 0; k < n; k++) {
			const action = env.legal[k];
			if (action < 47) this.step(s.key, action - 15, k, 1);
		}
		this.search();
		for (let k = 0; k < n; k++) {
			this.beginAction(k);
			if (env.legal[k] === 47) this.turnStartRow(s.key, 1);
			else {
				this.beginChoice(1);
				this.addOptions(k);
			}
			this.endAction(k);
		}
		this.decode(s.key);
	}
	/**
	* The open turn at the current hands (just changed by a card), reached with probability p: ending the turn here, or
	* any configuration exchanges reach.
	*/
	openTurn(p) {
		const key = this.key();
		this.firstReach.clear();
		this.firstReach.set(key, -1);
		this.queueLength = 0;
		this.exitCount = 0;
		this.queue[0] = key;
		this.queueGroup[0] = 0;
		this.queueSteps[0] = 0;
		this.queueLength = 1;
		this.search();
		this.beginChoice(p);
		this.addOptions(0);
		this.decode(key);
	}
	/** Breadth-first search over exchanges from the queue's configurations, each searched for the group it belongs to. */
	search() {
		for (let i = 0; i < this.queueLength; i++) {
			const key = this.queue[i];
			const group = this.queueGroup[i];
			const steps = this.queueSteps[i] + 1;
			for (let e = 0; e < 32; e++) this.step(key, e, group, steps);
		}
	}
	/** The current choice's options: group g's configurations in the queue, as turn starts, and its exits. */
	addOptions(g) {
		const F = this.layout.size;
		for (let j = 0; j < this.queueLength; j++) {
			if (this.queueGroup[j] !== g) continue;
			const key = this.queue[j];
			this.decode(key);
			const row = this.addOption(0, this.queueSteps[j]);
			this.rowKey[row] = key;
			if (this.distinctRow(row, key * 6561 + this.rowStock[row])) writeFourTenFeatures(this.position, this.options, this.rows, row * F);
		}
		for (let j = 0; j < this.exitCount; j++) {
			if (this.exits[j * 3] !== g) continue;
			const code = this.exits[j * 3 + 1];
			const steps = this.exits[j * 3 + 2];
			if (code >= 0) {
				const row = this.addOption(ROUND_COST, steps);
				this.rowStart[row] = code + 1;
				if (this.distinctRow(row, -1 - code)) writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * F);
			} else this.exactOption(code === WON ? 1 : 0, roundEndCost(code, 0), steps);
		}
	}
	/**
	* Exchange e from configuration `key`, the `steps`-th exchange of group g's search: a round end
	* becomes one of g's exits (each once, at its first and so nearest find), a configuration not
	* met before joins the queue.
	*/
	step(key, e, g, steps) {
		const next = exchangedKey(key, e);
		if (next < 0 || this.firstReach.has(next)) return;
		this.decode(next);
		const code = this.roundEnd(false);
		if (code !== null) {
			for (let j = 0; j < this.exitCount; j++) if (this.exits[j * 3] === g && this.exits[j * 3 + 1] === code) return;
			if ((this.exitCount + 1) * 3 > this.exits.length) this.exits = doubled(this.exits);
			this.exits[this.exitCount * 3] = g;
			this.exits[this.exitCount * 3 + 1] = code;
			this.exits[this.exitCount * 3 + 2] = steps;
			this.exitCount++;
			return;
		}
		this.firstReach.set(next, g);
		if (this.queueLength === this.queue.length) {
			this.queue = doubled(this.queue);
			this.queueGroup = doubled(this.queueGroup);
			this.queueSteps = doubled(this.queueSteps);
		}
		this.queue[this.queueLength] = next;
		this.queueGroup[this.queueLength] = g;
		this.queueSteps[this.queueLength] = steps;
		this.queueLength++;
	}
	/** The engine key of the working hands: Σ counts[i]·5^i. */
	key() {
		let key = 0;
		for (let i = 0; i < 12; i++) key += this.counts[i] * POW5[i];
		return key;
	}
	/** Sets the working hands to the configuration of an engine key. */
	decode(key) {
		this.sums.fill(0);
		for (let i = 0; i < 12; i++) {
			const c = keyDigit(key, i);
			this.counts[i] = c;
			this.sums[i >> 2] += c * ((i & 3) + 1);
		}
	}
	/** A position of one row: the configuration of `key` at a turn's start, with probability p. */
	turnStartRow(key, p) {
		this.decode(key);
		const row = this.addRow(p);
		this.rowKey[row] = key;
		if (this.distinctRow(row, key * 6561 + this.rowStock[row])) writeFourTenFeatures(this.position, this.options, this.rows, row * this.layout.size);
	}
	/**
	* Whether `row` is the first of this expansion to be `id` (a turn start: key · STOCK_CODES + stock
	* code; a round start: −1 − its code; the points and safeties are the expansion's): true, and
	* its features are to be written; false, and it shares an earlier row's (`sameFeatures`).
	*/
	distinctRow(row, id) {
		const first = this.rowOf.get(id);
		if (first === void 0) {
			this.rowOf.set(id, row);
			return true;
		}
		this.sameFeatures(row, first);
		return false;
	}
	addOption(offset = 0, steps = 0) {
		const row = super.addOption(offset, steps);
		if (row >= this.rowKey.length) {
			this.rowKey = doubled(this.rowKey);
			this.rowStock = doubled(this.rowStock);
			this.rowStart = doubled(this.rowStart);
		}
		this.rowKey[row] = -1;
		this.rowStock[row] = stockCode(this.stock);
		this.rowStart[row] = 0;
		return row;
	}
	/** Minus the cost: P(win) does not decide (see the module comment). */
	score(value) {
		return -value[1];
	}
	/** Hints show minus the rounds still to play, a lost game counting 10 more. */
	scoreKind = "value";
	scoreUnit = "minus-rounds-left";
	reportedScore(value) {
		return -value[1] / ROUND_COST;
	}
	add(h, v) {
		this.counts[h * 4 + v - 1]++;
		this.sums[h] += v;
	}
	remove(h, v) {
		this.counts[h * 4 + v - 1]--;
		this.sums[h] -= v;
	}
	/** The next (unseen) card goes into hand h: every value the stock holds, weighted by its count. */
	drawInto(h) {
		let size = 0;
		for (let v = 0; v < 4; v++) size += this.stock[v];
		for (let v = 1; v <= 4; v++) {
			const c = this.stock[v - 1];
			if (c === 0) continue;
			this.stock[v - 1]--;
			this.add(h, v);
			this.outcome(c / size);
			this.remove(h, v);
			this.stock[v - 1]++;
		}
	}
	/**
	* How the current hands end the round, if they do: WON, BUST, or the next round's start
	* (points·1024 + safeties); null when the round goes on. The check first, then the bottom of the
	* deck when the change used a card.
	*/
	roundEnd(usedCard) {
		const verdict = judgeHands(this.sums[0], this.sums[1], this.sums[2], this.options);
		if (verdict === 0 && !(usedCard && this.stock[0] + this.stock[1] + this.stock[2] + this.stock[3] === 0)) return null;
		return roundEndCode(verdict, this.sums[0] + this.sums[1] + this.sums[2], this.position.points, this.position.safeties, this.options);
	}
	/** Where a card just placed (or drawn into a hand) leads, with probability `p`: a round's end, or the open turn. */
	outcome(p) {
		const code = this.roundEnd(true);
		if (code === null) this.openTurn(p);
		else if (code === WON || code === BUST) {
			if (code === WON) this.exactWin[this.k] += p;
			this.exactCost[this.k] += p * roundEndCost(code, 0);
		} else {
			const row = this.addRow(p, ROUND_COST);
			this.rowStart[row] = code + 1;
			if (this.distinctRow(row, -1 - code)) writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * this.layout.size);
		}
	}
};
const FOUR_TEN_FEATURES = {
	game: fourTenGame,
	unsupported: fourTenUnsupported,
	layout: () => FOUR_TEN_LAYOUT,
	expansion: () => new FourTenExpansion(),
	outcomeValue
};
// src/games/four-ten/learned/learned-lookahead.ts
/** Component values kept per (points, safeties) before the cache starts over. */
const MAX_CACHED = 2e5;
/** Stock code · 9^v: one card of value v + 1 fewer. */
const STOCK_STRIDE = [
	1,
	9,
	81,
	729
];
var FourTenLookahead = class {
	options;
	model;
	/**
	* The cost of a component at a stock (key: component · STOCK_CODES + stock code), at `cachedFor`'s points and
	* safeties.
	*/
	cached = /* @__PURE__ */ new Map();
	/** Round starts' network costs, by points · 1024 + safeties. */
	starts = /* @__PURE__ */ new Map();
	cachedFor = -1;
	/**
	* Components (key as `cached`) and round starts (−1 − code) asked for in this decision, in the order their rows were
	* written.
	*/
	asked = [];
	askedSet = /* @__PURE__ */ new Set();
	/** Feature rows for the forward pass (`ask` writes them), and the first row of each asked key. */
	rows = new Float32Array(256 * FOUR_TEN_LAYOUT.size);
	rowCount = 0;
	firstRowOf = [];
	/** The outputs handed back for the expansion's rows. */
	outputs = /* @__PURE__ */ new Float32Array(128);
	stock = /* @__PURE__ */ new Int32Array(4);
	position = {
		counts: /* @__PURE__ */ new Uint8Array(12),
		sums: /* @__PURE__ */ new Int32Array(3),
		stock: /* @__PURE__ */ new Uint8Array(4),
		points: 0,
		safeties: 0
	};
	points = 0;
	safeties = 0;
	/** Rows valued by the network so far (for measurements). */
	rowsValued = 0;
	constructor(options) {
		this.options = options;
		this.model = roundModel(options.handTarget, options.check);
	}
	/**
	* False where the decision keeps the expansion's values (a replacement, or a placement that
	* fills the hands); else the rows the network must value are `rows[0 … rowCount · 245)` (none,
	* when everything needed is known), for `answer`.
	*/
	ask(env, expansion) {
		this.rowCount = 0;
		const four = fourTenOf(env);
		if (!four || !(expansion instanceof FourTenExpansion)) throw new Error(`the Four Ten lookahead searches Four Ten expansions, not ${env.id}'s`);
		const x = expansion;
		const first = env.legal[0];
		if (first >= 3 && first < 15) return false;
		let some = -1;
		for (let r = 0; r < x.rowCount && some < 0; r++) if (x.rowKey[r] >= 0) some = r;
		if (some < 0 || configCards(configOfKey(x.rowKey[some])) >= 12) return false;
		this.at(four.state.points, four.state.safeties);
		this.asked.length = 0;
		this.firstRowOf.length = 0;
		this.askedSet.clear();
		for (let r = 0; r < x.rowCount; r++) {
			if (x.sameAs[r] !== r) continue;
			if (x.rowKey[r] >= 0) this.turn(configOfKey(x.rowKey[r]), x.rowStock[r], false);
			else this.start(x.rowStart[r] - 1, false);
		}
		return true;
	}
	/**
	* The outputs for every row of the expansion `ask` was given (as `ExpansionBatch.run` gives them); `out` holds the
	* network's [win logit, cost] of the rows `ask` wrote. Reused across calls.
	*/
	answer(expansion, out) {
		const x = expansion;
		if (this.rowCount > 0) {
			this.rowsValued += this.rowCount;
			this.learn(out);
		}
		if (this.outputs.length < x.rowCount * 2) this.outputs = new Float32Array(x.rowCount * 4);
		const outputs = this.outputs;
		for (let r = 0; r < x.rowCount; r++) {
			const f = x.sameAs[r];
			outputs[r * 2] = 0;
			if (f !== r) outputs[r * 2 + 1] = outputs[f * 2 + 1];
			else outputs[r * 2 + 1] = x.rowKey[r] >= 0 ? this.turn(configOfKey(x.rowKey[r]), x.rowStock[r], true) : this.start(x.rowStart[r] - 1, true);
		}
		return outputs.subarray(0, x.rowCount * 2);
	}
	/** Forgets every value kept (a network whose weights changed starts from nothing). */
	forget() {
		this.cached.clear();
		this.starts.clear();
		this.cachedFor = -1;
	}
	/** Starts over when the points or safeties change (every value depends on them). */
	at(points, safeties) {
		const key = points * 1024 + safeties;
		if (key === this.cachedFor && this.cached.size < MAX_CACHED) return;
		this.forget();
		this.cachedFor = key;
		this.points = points;
		this.safeties = safeties;
	}
	/**
	* The turn starting at configuration c with stock code `code`: with `value`, its cost one turn
	* deeper (everything it needs known); without, asks for what it needs (returns NaN).
	*/
	turn(c, code, value) {
		const stock = this.stock;
		stockOfCode(code, stock);
		const size = stock[0] + stock[1] + stock[2] + stock[3];
		if (this.options.drawVisible) {
			let total = 0;
			for (let v = 0; v < 4; v++) {
				if (stock[v] === 0) continue;
				let min = Infinity;
				for (let h = 0; h < 3; h++) min = Math.min(min, this.afterCard(c, h, v, code - STOCK_STRIDE[v], value));
				total += stock[v] / size * min;
			}
			return value ? total : NaN;
		}
		let best = Infinity;
		for (let h = 0; h < 3; h++) {
			if (MS_SIZE[configHand(c, h)] >= 4) continue;
			let sum = 0;
			for (let v = 0; v < 4; v++) if (stock[v] > 0) sum += stock[v] / size * this.afterCard(c, h, v, code - STOCK_STRIDE[v], value);
			best = Math.min(best, sum);
		}
		return value ? best : NaN;
	}
	/**
	* A(c + card of value v + 1 in h, stock code after): the cost right after the card (Infinity
	* when h is full). Never the round's last card: with fewer than 12 cards in the hands none is out
	* of play, so the stock holds 20 or more.
	*/
	afterCard(c, h, v, code, value) {
		const hand = configHand(c, h);
		if (MS_SIZE[hand] >= 4) return Infinity;
		const next = withHand(c, h, MS_ADD[hand * 4 + v]);
		const verdict = this.model.verdict[next];
		if (verdict !== CONTINUES) return this.roundEnd(verdict, configTotal(next), value);
		const k = this.model.comp[next];
		const key = k * STOCK_CODES + code;
		const known = this.cached.get(key);
		if (known !== void 0) return known;
		if (value) throw new Error("four-ten lookahead: a component was not valued");
		if (!this.askedSet.has(key)) this.askComponent(k, key, code);
		return NaN;
	}
	/** The cost of a round that ends with this verdict (SCORES or FAULTS) at hands totalling `total`. */
	roundEnd(verdict, total, value) {
		const code = roundEndCode(verdict, total, this.points, this.safeties, this.options);
		return roundEndCost(code, code >= 0 ? this.start(code, value) : 0);
	}
	/** The network's cost of a round's start (code: points · 1024 + safeties); without `value`, asks for it (NaN). */
	start(code, value) {
		const known = this.starts.get(code);
		if (known !== void 0) return known;
		if (value) throw new Error("four-ten lookahead: a round start was not valued");
		if (!this.askedSet.has(-1 - code)) {
			const row = this.addRow(-1 - code);
			writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * FOUR_TEN_LAYOUT.size);
		}
		return NaN;
	}
	/** Asks for component k at a stock: one row per member, and the round starts its exits lead to. */
	askComponent(k, key, code) {
		const m = this.model;
		const F = FOUR_TEN_LAYOUT.size;
		const p = this.position;
		stockOfCode(code, p.stock);
		p.points = this.points;
		p.safeties = this.safeties;
		for (let i = m.compStart[k]; i < m.compStart[k + 1]; i++) {
			const y = m.compMembers[i];
			for (let h = 0; h < 3; h++) {
				const ms = configHand(y, h);
				for (let v = 0; v < 4; v++) p.counts[h * 4 + v] = MS_COUNTS[ms * 4 + v];
				p.sums[h] = MS_SUM[ms];
			}
			const row = this.addRow(i === m.compStart[k] ? key : NaN);
			writeFourTenFeatures(p, this.options, this.rows, row * F);
		}
		const flags = m.compFlags[k];
		if (flags & 1) this.roundEnd(1, m.compTotal[k], false);
		if (flags & 2) this.roundEnd(2, m.compTotal[k], false);
	}
	/** A new feature row; `key` (not NaN) starts what it is the first row of. */
	addRow(key) {
		const row = this.rowCount++;
		if (this.rowCount * FOUR_TEN_LAYOUT.size > this.rows.length) this.rows = doubled(this.rows);
		if (!Number.isNaN(key)) {
			this.asked.push(key);
			this.firstRowOf.push(row);
			this.askedSet.add(key);
		}
		return row;
	}
	/** Keeps the forward pass's values: round starts first (components' exits need them), then each component's best. */
	learn(out) {
		for (let j = 0; j < this.asked.length; j++) {
			const key = this.asked[j];
			if (key < 0) this.starts.set(-1 - key, out[this.firstRowOf[j] * 2 + 1]);
		}
		const m = this.model;
		for (let j = 0; j < this.asked.length; j++) {
			const key = this.asked[j];
			if (key < 0) continue;
			const k = Math.floor(key / STOCK_CODES);
			const row = this.firstRowOf[j];
			let best = Infinity;
			for (let i = 0; i < m.compStart[k + 1] - m.compStart[k]; i++) best = Math.min(best, out[(row + i) * 2 + 1]);
			const flags = m.compFlags[k];
			if (flags & 1) best = Math.min(best, this.roundEnd(1, m.compTotal[k], true));
			if (flags & 2) best = Math.min(best, this.roundEnd(2, m.compTotal[k], true));
			this.cached.set(key, best);
		}
	}
};
/** The search a Four Ten model's metadata names 'next-turn' (learned/from-model.ts gives it to the agent). */
const FOUR_TEN_SEARCH = {
	name: "next-turn",
	create: (options) => new FourTenLookahead(options)
};
// src/games/four-ten/learned/targets.ts
/**
* Four Ten's afterstate training targets (src/agents/afterstate.ts, `TargetStrategy`):
*
* | strategy | `targets` | what is learned |
* |----------|-----------|-----------------|
* | `FourTenByRound` | 'play' | bootstrapped by round: a round's samples learn where the round ended, the game's result or the network's value of the next round's start plus one round; an exploring move ends the samples before it with the value of the best move there (Watkins' cut), so the targets are the greedy policy's and exploring is free |
* | `FourTenSolver` | 'solver' | the win as by round; every position a decision values gets its exact cost from the pace-optimal solver (`FourTenTeacher`), solved before the first step: the network is a distillation of the solver |
*
* The game's randomness is reshuffled every round, so a round is the unit of noise, and a game's
* few rounds are learned through the values of round starts.
*/
/** Four Ten, bootstrapped by round (see the table above). */
var FourTenByRound = class {
	context;
	/** Per copy: the round its samples belong to (−1: a new episode, its start not yet sampled). */
	segments;
	/**
	* Copies whose round ended in this round of decisions, and their next round's start rows (bootstrapped in one forward
	* pass).
	*/
	ended;
	endedCount = 0;
	/** One row per copy, and a spare one (the last) for a start sampled at the top of a decision. */
	startRows;
	spare;
	value = /* @__PURE__ */ new Float64Array(2);
	features;
	sink;
	constructor(context) {
		this.context = context;
		const { layout, numEnvs } = context;
		this.sink = context.sink;
		this.features = layout.size;
		this.segments = new Int32Array(numEnvs).fill(-1);
		this.ended = new Int32Array(numEnvs);
		this.startRows = new Float32Array((numEnvs + 1) * layout.size);
		this.spare = numEnvs * layout.size;
	}
	beforeMove(i, env, x, outputs, chosen, explore) {
		const four = fourTenOf(env);
		if (this.segments[i] !== four.state.rounds) {
			this.segments[i] = four.state.rounds;
			writeRoundStart(four.state.points, four.state.safeties, four.options, this.startRows, this.spare);
			this.sink.add(i, this.startRows, this.spare, this.startCost(four.state));
		}
		if (explore) {
			x.actionValue(x.bestIndex(outputs), outputs, this.value);
			this.sink.close(i, this.value[0], this.value[1]);
		}
		this.samples(i, env, x, chosen);
	}
	/** The cost target of a round's start sample: none of its own here (NaN: the round's). */
	startCost(_state) {
		return NaN;
	}
	/** Ending the turn: the turn's start where the player chose to end it. */
	samples(i, env, x, chosen) {
		if (env.legal[chosen] === 47) this.sink.add(i, x.rows, x.firstRow[chosen] * this.features);
	}
	afterMove(i, env, ended) {
		if (ended !== null) {
			FOUR_TEN_FEATURES.outcomeValue(ended, this.value);
			this.sink.close(i, this.value[0], this.value[1]);
			this.segments[i] = -1;
			return;
		}
		const four = fourTenOf(env);
		if (this.segments[i] !== four.state.rounds) {
			writeRoundStart(four.state.points, four.state.safeties, four.options, this.startRows, this.endedCount * this.features);
			this.ended[this.endedCount++] = i;
		}
	}
	/** Finished rounds learn one round plus the value of the next round's start. */
	endRound(network) {
		if (this.endedCount === 0) return;
		const starts = network.outputs(this.startRows, this.endedCount, this.features);
		for (let j = 0; j < this.endedCount; j++) this.sink.close(this.ended[j], 1 / (1 + Math.exp(-starts[j * 2])), ROUND_COST + starts[j * 2 + 1]);
		this.endedCount = 0;
	}
	getState() {
		return { segments: [...this.segments] };
	}
	setState(json) {
		const schema = looseObject({ segments: array(int().min(-1).max(2147483647)).length(this.segments.length).optional() });
		const { segments } = this.context.parseSaved(schema, json);
		if (segments) this.segments.set(segments);
	}
};
/**
* Four Ten with exact cost targets: every position a move is valued by is a sample, not only
* the chosen one's, since the ranking of the moves is what the network must get right. Every
* distinct turn's start a decision's choices hold, once a turn's exchanges; round starts when
* they come.
*/
var FourTenSolver = class extends FourTenByRound {
	teacher;
	constructor(context, teacher) {
		super(context);
		this.teacher = teacher;
	}
	startCost(state) {
		return this.teacher.startCost(state.points, state.safeties);
	}
	samples(i, env, x) {
		if (!(x instanceof FourTenExpansion)) throw new Error("exact Four Ten targets need a Four Ten expansion");
		const F = this.features;
		const state = fourTenOf(env).state;
		if (env.legalCount > 0 && env.legal[0] >= 15 && state.seenCount > 1) return;
		for (let row = 0; row < x.rowCount; row++) if (x.rowKey[row] >= 0 && x.sameAs[row] === row) this.sink.add(i, x.rows, row * F, this.teacher.turnStartCost(state, x.rowKey[row], x.rowStock[row]));
	}
};
/**
* Exact targets for Four Ten afterstate values: the values of the pace-optimal policy
* (`computePaceValues`: the fewest expected rounds, a loss counting `LOSS_ROUNDS`), so the
* network learns, on the positions its own play meets, what the exact solver knows. A
* distillation: the solver needs a second per (points, safeties) met and 3.7 MB a table; the
* network answers in a millisecond from a few hundred kilobytes.
*
* The cost target of a position is its value in rounds / 10 (ROUND_COST a round), as the
* afterstate network's cost: a round start at (p, s) is R(p, s); a turn's start within a round
* is the round solved at (p, s) read there (the next draw's expectation), which is
* −(1 + R(where the round ends)) in expectation. The expansion values nothing else.
*/
var FourTenTeacher = class {
	gameTarget;
	/** R(p, s) at [s * gameTarget + p]. */
	rounds;
	solutions = [];
	seconds;
	outlook = blankOutlook();
	stock = [
		0,
		0,
		0,
		0
	];
	/** Solves the pace values and keeps every round (about 400 round solves: minutes). */
	constructor(options, onProgress) {
		const start = performance.now();
		const rules = gameRulesOf(options);
		this.gameTarget = rules.gameTarget;
		this.rounds = computePaceValues(rules, {
			lossRounds: 10,
			onProgress,
			onSolve: (p, s, solution) => this.solutions[s * rules.gameTarget + p] = solution
		});
		this.seconds = (performance.now() - start) / 1e3;
	}
	/** The cost target of a round's start at these points and safeties. */
	startCost(points, safeties) {
		return this.rounds[safeties * this.gameTarget + points] * ROUND_COST;
	}
	/**
	* The cost target of ending the turn at the configuration of an engine key, with this stock (`stockCode`), at the
	* state's points and safeties.
	*/
	turnStartCost(state, key, stock) {
		const solution = this.solutions[state.safeties * this.gameTarget + state.points];
		stockOfCode(stock, this.stock);
		solution.turnStart(configOfKey(key), this.stock, this.outlook);
		return -this.outlook.value * ROUND_COST;
	}
	/**
	* The cost target of an expansion's row (every row is a turn's start or a round's start), before its offset, at a
	* state's points and safeties.
	*/
	rowCost(state, x, row) {
		const start = x.rowStart[row] - 1;
		return start >= 0 ? this.startCost(start >> 10, start & 1023) : this.turnStartCost(state, x.rowKey[row], x.rowStock[row]);
	}
	outputs = /* @__PURE__ */ new Float32Array(0);
	/**
	* The exact values in the network's place for an expansion of `env`: [win logit (0, unused),
	* cost target] per row, as `x.actionValue` and `x.bestIndex` read a network's outputs. Reused across calls.
	*/
	exactOutputs(env, x) {
		const state = fourTenOf(env).state;
		if (this.outputs.length < x.rowCount * 2) this.outputs = new Float32Array(x.rowCount * 4);
		for (let row = 0; row < x.rowCount; row++) this.outputs[row * 2 + 1] = this.rowCost(state, x, row);
		return this.outputs;
	}
};
/** Four Ten's targets by kind, as its kit gives them (a solve says how far it got in round solves). */
const FOUR_TEN_TARGETS = {
	play: (context) => new FourTenByRound(context),
	solver: (context) => {
		const say = context.onSolve;
		const onProgress = say && ((p) => say(`${p.solves} round solves (points ${p.points}, safeties ${p.safeties})`));
		return new FourTenSolver(context, new FourTenTeacher(context.env.options, onProgress));
	}
};
// src/games/four-ten/learned/index.ts
registerModelParts(fourTenGame, { afterstate: {
	/** The position features of the afterstate model, with its search one turn deeper. */
	features: {
		...FOUR_TEN_FEATURES,
		search: FOUR_TEN_SEARCH
	},
	/** Its training targets: the exact pace values, or its own games. */
	targets: FOUR_TEN_TARGETS
} });
// src/agents/basic.ts
/**
* The simplest agents, which need nothing but the legal-move list (boardgame.io
* style): `random` picks uniformly with its own seeded generator, `first` takes the
* lowest legal id. Every env has both.
*/
/** Plays a uniformly random legal action, from its own seeded generator: the floor every agent is measured against. */
var RandomAgent = class {
	name = "random";
	fair = true;
	rng;
	constructor(seed = 0) {
		this.rng = createRng(validateSeed(seed, `agent "${this.name}" seed`));
	}
	reset(seed) {
		this.rng = createRng(validateSeed(seed, `agent "${this.name}" seed`));
	}
	act(env) {
		checkPlaying(env, this.name);
		return env.legal[randomInt(this.rng, 0, env.legalCount - 1)];
	}
};
/** Plays the lowest legal action id: deterministic, and the cheapest agent (tests and timing). */
var FirstAgent = class {
	name = "first";
	fair = true;
	reset(seed) {
		checkUnusedSeed(seed, this.name);
	}
	act(env) {
		checkPlaying(env, this.name);
		return env.legal[0];
	}
};
// src/agents/index.ts
/**
* The agent catalogue: which agents exist for which env, and how to make one.
* `tengym agents --env ID` lists it; `tengym eval --agents a,b` draws from it.
*/
/** What every game has, whatever its kit (kits.ts) adds. */
const BASIC = [{
	name: "random",
	description: "uniformly random legal action (seeded)",
	fair: true,
	create: () => new RandomAgent()
}, {
	name: "first",
	description: "the lowest legal action id",
	fair: true,
	create: () => new FirstAgent()
}];
/**
* An env config from an id (with options) or a config already made (validated as `make` validates it); `caller` names
* the entry point in errors.
*/
function configOf(env, options, caller) {
	return typeof env === "string" ? envConfig(env, options) : checkedEnvConfig(env, caller);
}
/** The catalogue entries that play this env (its engine, and these options where an entry says). */
function specsFor(config) {
	const own = (kitOf(config.game).agents ?? []).filter((s) => s.games.includes(config.game) && (s.plays?.(config) ?? true));
	return [...BASIC.map((s) => ({
		...s,
		games: [config.game]
	})), ...own];
}
function agentsFor(env, options = {}) {
	return specsFor(configOf(env, options, "agentsFor")).map(({ name, description, fair, ceiling }) => ceiling ? {
		name,
		description,
		fair,
		ceiling
	} : {
		name,
		description,
		fair
	});
}
function createAgent(name, env, options = {}) {
	const config = configOf(env, options, "createAgent");
	const spec = specsFor(config).find((s) => s.name === name);
	if (!spec) throw new TengymError("bad-argument", `unknown agent "${name}" for ${config.id}; agents for ${config.id}: ${agentsFor(config).map((a) => a.name).join(", ")}`);
	return spec.create(config);
}
/**
* illegalAction 'stay' on an env without a step limit of its own (`maxSteps`): this many stays in a
* row end the episode, truncated. A deterministic policy repeating an illegal action would otherwise
* never end it (Tens, Block Ten and Four Ten end only by their rules).
*/
const STAYS_IN_A_ROW_LIMIT = 1e3;
/** The longest `maxEpisodeSteps`. */
const MAX_EPISODE_STEPS_LIMIT = 2 ** 31 - 1;
/** VectorEnv's own keys of its last argument (any other is an env option given in the wrong place). */
const VECTOR_OPTION_KEYS = [
	"onEpisode",
	"onDeal",
	"autoreset",
	"maxEpisodeSteps",
	"illegalAction",
	"deadDeals",
	"finalRows",
	"buffers"
];
/** A step refused because of one copy's action: the copy and the reason as the single env gives it. */
var CopyActionError = class extends TengymError {
	/** Which copy (0-based). */
	copy;
	/** What one env's `step` would say of the action (without the copy). */
	reason;
	constructor(code, copy, reason, message) {
		super(code, message);
		this.copy = copy;
		this.reason = reason;
	}
};
/**
* Deals in a row with no legal move after which a copy gives up with an error instead of dealing
* on forever (a game whose every deal is over at reset, from a broken engine or options that
* leave no move). Tens, the game with most such deals, has 2.3% of them: 10,000 in a row never
* happens to a game that can be played.
*/
const MAX_DEAD_DEALS = 1e4;
/** The most copies one VectorEnv holds, however small (memory bounds most ids far lower: `maxCopies`). */
const MAX_COPIES = 1 << 24;
/**
* The memory all copies of one VectorEnv may take, by `copyBytes`' estimate: 2 GiB, which a
* default Node heap (about 4 GiB on 64-bit machines) and a browser tab hold with room to spare.
* Past it a run would die of "heap limit reached" partway through building the copies.
*/
const COPIES_MEMORY_BUDGET = 2 ** 31;
/** What one Env takes besides its typed arrays: the object, views and result objects (measured: 2.2 to 3.3 KB). */
const ENV_OBJECT_BYTES = 4096;
/** A typed array's own object beside its bytes. */
const VIEW_BYTES = 128;
/**
* Bytes one copy of `config` takes, estimated from its buffers and engine state (a generous estimate, not a
* measurement).
*/
function copyBytes(config) {
	const n = config.game.numActions(config.options);
	const size = config.game.observationSize(config.options);
	const nested = (a, b) => {
		if (a === null || typeof a !== "object" || a === b || Object.getPrototypeOf(a) !== Object.prototype) return 0;
		let bytes = 0;
		for (const [key, v] of Object.entries(a)) if (ArrayBuffer.isView(v) && v !== b[key]) bytes += v.byteLength + VIEW_BYTES;
		return bytes;
	};
	let stateBytes = 0;
	const state = config.game.createState(config.options);
	const other = config.game.createState(config.options);
	if (state !== null && typeof state === "object") for (const [key, v] of Object.entries(state)) stateBytes += ArrayBuffer.isView(v) ? v.byteLength + VIEW_BYTES : nested(v, other[key]);
	return ENV_OBJECT_BYTES + 8 * size + n + 4 * n + stateBytes;
}
/** The most copies of `config` one VectorEnv takes: the memory budget over `copyBytes`, at most MAX_COPIES. */
function maxCopies(config) {
	return Math.max(1, Math.min(MAX_COPIES, Math.floor(COPIES_MEMORY_BUDGET / copyBytes(config))));
}
/** `I`: the id, when it is given as one, whose options the constructor checks at compile time. */
var VectorEnv = class {
	id;
	numEnvs;
	envs;
	/** One copy's actions (Gymnasium's vector envs batch theirs; this one is `singleActionSpace`, the same object). */
	actionSpace;
	/** One copy's actions, as Gymnasium names them beside `singleObservationSpace`: the same object as `actionSpace`. */
	singleActionSpace;
	/** One copy's observation; row i of `observations` is copy i's. */
	singleObservationSpace;
	observations;
	finalObservations;
	/** Same-step: the last masks of the episodes a step ended (rows as `finalObservations`' ). */
	finalMasks;
	masks;
	rewards;
	terminated;
	truncated;
	/** Per copy, the last step's FLAG_TERMINATED | FLAG_TRUNCATED | FLAG_STAYED. */
	flags;
	/** Per copy, 1 while its episode is over and not yet dealt again (autoreset 'next-step' or 'disabled'). */
	ended;
	autoreset;
	illegalAction;
	deadDeals;
	/** Gymnasium's TimeLimit; 0: none. */
	maxEpisodeSteps;
	/** The env's own step limit (its `maxSteps` option), which stays count toward; 0: none. */
	maxSteps;
	/** How many episodes the last step (or `stepOne`) ended; their copies are `endedCopies[0..endedCount-1]`. */
	endedCount = 0;
	/** The copies the last step ended, in copy order (the first `endedCount`). */
	endedCopies;
	/**
	* The outcomes of the episodes the last step ended, in copy order (the first `endedCount`): null for
	* an episode that only `maxEpisodeSteps` ended, which a game's own outcome does not describe.
	*/
	endedOutcomes;
	/** Finished episodes so far (zero-length deals included). */
	episodesDone = 0;
	/** Called for every finished episode (`VectorEnvOptions.onEpisode`); may be set after construction. */
	onEpisode;
	/** Called after a copy is dealt a game (`VectorEnvOptions.onDeal`); may be set after construction. */
	onDeal;
	packed;
	/** illegalAction is 'stay' (read on every step). */
	stay;
	/** Stays this episode, stays in a row, and the moves a loaded game had made before it was loaded, per copy. */
	stays;
	staysInARow;
	movesBefore;
	/** Per copy, whether this step's action stays (set by the check, read by the step). */
	staying;
	started = false;
	/** The first error `onEpisode` threw during the current call, thrown when the call is complete. */
	callbackError = null;
	result;
	resetResult;
	constructor(...args) {
		const [numEnvs, vectorOptions = {}] = typeof args[0] === "string" ? [args[2], args[3]] : [args[1], args[2]];
		if (typeof args[0] === "string" && typeof args[1] === "number" && args.length === 2) {
			envSpec(args[0]);
			throw new TengymError("bad-argument", `new VectorEnv(id, options, numEnvs): the options come before the count, as new VectorEnv(${JSON.stringify(args[0])}, {}, ${showValue(args[1])}); got ${showValue(args[1])} where the options go and no count`);
		}
		const config = typeof args[0] === "string" ? envConfig(args[0], args[1]) : checkedEnvConfig(args[0], "VectorEnv");
		if (typeof numEnvs !== "number" || !Number.isInteger(numEnvs) || numEnvs < 1 || numEnvs > 16777216) throw new TengymError("bad-argument", `numEnvs must be a positive integer up to ${MAX_COPIES}, got ${showValue(numEnvs)}`);
		if (vectorOptions === null || typeof vectorOptions !== "object" || vectorOptions.onEpisode !== void 0 && typeof vectorOptions.onEpisode !== "function") throw new TengymError("bad-argument", `VectorEnv's last argument is { onEpisode?: (episode) => void, …vector options }, got ${describeKind(vectorOptions)}`);
		const unknown = Object.keys(vectorOptions).find((key) => !VECTOR_OPTION_KEYS.includes(key));
		if (unknown !== void 0) {
			const where = typeof args[0] === "string" ? "the second argument" : `envConfig(${JSON.stringify(config.id)}, options)`;
			throw new TengymError("bad-argument", `VectorEnv's last argument is { ${VECTOR_OPTION_KEYS.join(", ")} }: "${unknown}" is not one of its keys (an env option goes in ${where})`);
		}
		const settings = vectorSettings(vectorOptions);
		const { n, size } = engineSizes(config.id, config.game, config.options);
		const most = maxCopies(config);
		if (numEnvs > most) {
			const each = copyBytes(config);
			throw new TengymError("bad-argument", `numEnvs ${numEnvs}: at most ${most} copies of ${config.id} fit in one VectorEnv (about ${(each / 1024).toFixed(1)} KB each, ${COPIES_MEMORY_BUDGET / 2 ** 30} GiB in all); use fewer copies, or several VectorEnvs in separate workers`);
		}
		const id = config.id;
		const game = config.game;
		const resolved = config.options;
		this.id = id;
		this.numEnvs = numEnvs;
		this.actionSpace = Object.freeze({ n });
		this.singleActionSpace = this.actionSpace;
		this.singleObservationSpace = Object.freeze({ shape: [size] });
		this.autoreset = settings.autoreset;
		this.illegalAction = settings.illegalAction;
		this.deadDeals = settings.deadDeals;
		this.maxEpisodeSteps = settings.maxEpisodeSteps;
		this.packed = settings.finalRows === "packed";
		this.stay = settings.illegalAction === "stay";
		const options = resolved;
		this.maxSteps = "maxSteps" in options && typeof options.maxSteps === "number" ? options.maxSteps : 0;
		const given = vectorOptions.buffers ?? {};
		try {
			this.observations = buffer(given.observations, Float32Array, numEnvs * size, "observations");
			this.finalObservations = buffer(given.finalObservations, Float32Array, numEnvs * size, "finalObservations");
			this.masks = buffer(given.masks, Uint8Array, numEnvs * n, "masks");
			this.finalMasks = buffer(given.finalMasks, Uint8Array, numEnvs * n, "finalMasks");
		} catch (e) {
			if (!(e instanceof RangeError)) throw e;
			throw new TengymError("bad-argument", `numEnvs ${numEnvs}: the buffers of ${numEnvs} copies of ${id} take ${(numEnvs * (8 * size + 2 * n) / 1e9).toFixed(1)} GB, more than this machine gives (${e.message})`);
		}
		this.rewards = buffer(given.rewards, Float32Array, numEnvs, "rewards");
		this.flags = buffer(given.flags, Uint8Array, numEnvs, "flags");
		this.terminated = new Uint8Array(numEnvs);
		this.truncated = new Uint8Array(numEnvs);
		this.ended = new Uint8Array(numEnvs);
		this.endedCopies = new Int32Array(numEnvs);
		this.endedOutcomes = new Array(numEnvs).fill(null);
		this.stays = new Int32Array(numEnvs);
		this.staysInARow = new Int32Array(numEnvs);
		this.movesBefore = new Float64Array(numEnvs);
		this.staying = new Uint8Array(numEnvs);
		const envs = [];
		for (let i = 0; i < numEnvs; i++) envs.push(new Env(id, game, resolved, {
			observation: this.observations.subarray(i * size, (i + 1) * size),
			mask: this.masks.subarray(i * n, (i + 1) * n)
		}));
		this.envs = envs;
		this.onEpisode = vectorOptions.onEpisode;
		this.onDeal = vectorOptions.onDeal;
	}
	/**
	* Resets every copy: copy i with seed + i when a seed is given (or on the first reset), and
	* with `deck`, when one is given, every copy that deck (the seeds still set what each deals next).
	* Returns `{ observations, infos: { masks } }` over the buffers (the same object each time).
	*/
	reset(opts = {}) {
		if (!isPlainObject(opts)) throw new TengymError("bad-argument", `VectorEnv.reset takes { seed?, deck? }, got ${describeKind(opts)}`);
		for (const key of Object.keys(opts)) if (key !== "seed" && key !== "deck") throw new TengymError("bad-argument", `VectorEnv.reset: unknown option "${key}" (it takes { seed?, deck? })`);
		const seed = opts.seed === void 0 ? this.started ? void 0 : 0 : validateSeed(opts.seed);
		checkSeedFits(seed, this.numEnvs, `${this.numEnvs} copies`);
		const deck = opts.deck;
		if (deck !== void 0) this.checkDeck(deck, seed);
		this.callbackError = null;
		this.endedCount = 0;
		for (let i = 0; i < this.numEnvs; i++) {
			const copyOptions = seed === void 0 ? {} : { seed: seed + i };
			if (deck !== void 0) copyOptions.deck = deck;
			this.deal(i, copyOptions);
		}
		this.started = true;
		this.resetResult ??= {
			observations: this.observations,
			infos: { masks: this.masks }
		};
		this.throwCallbackError();
		return this.resetResult;
	}
	/**
	* Deals copy i alone (its seed and deck as `Env.reset` takes them; a deal with no legal move is
	* dealt again unless deadDeals is 'keep'), leaving the others as they are: Gymnasium's
	* `reset_mask`, and how a caller deals a copy whose episode ended with autoreset 'disabled'. Its
	* reward and flags are cleared (a kept dead deal is flagged as its status says).
	*/
	resetCopy(i, opts = {}) {
		this.checkIndex(i, "resetCopy");
		this.callbackError = null;
		this.deal(i, opts);
		this.throwCallbackError();
	}
	/**
	* Loads a `getState()` JSON into every copy (one a copy). All are checked first, so a bad one
	* changes no copy. A loaded game's own moves (its JSON's `game.steps`, where it has one) count with
	* later stays toward its `maxSteps`, as they count toward it in the game.
	*/
	setStates(states) {
		if (!Array.isArray(states) || states.length !== this.numEnvs) throw new TengymError("bad-state", `bad state: expected ${this.numEnvs} state(s)`);
		const checked = this.envs.map((e, i) => {
			const trial = e.clone();
			trial.setState(states[i]);
			return trial;
		});
		for (let i = 0; i < this.numEnvs; i++) {
			this.envs[i].copyFrom(checked[i]);
			this.clearCopy(i);
			this.movesBefore[i] = loadedMoves(states[i]);
		}
	}
	/** Copy i's stays this episode and in a row, and whether stays ended its episode (for a copy of the env). */
	stayCounts(i) {
		this.checkIndex(i, "stayCounts");
		return {
			stays: this.stays[i],
			staysInARow: this.staysInARow[i],
			movesBefore: this.movesBefore[i],
			ended: this.ended[i] === 1
		};
	}
	/** Sets what `stayCounts` gave (a copy of an env made mid-episode goes on counting as the original). */
	setStayCounts(i, counts) {
		this.checkIndex(i, "setStayCounts");
		const { stays, staysInARow, movesBefore, ended } = counts;
		for (const [name, v] of [
			["stays", stays],
			["staysInARow", staysInARow],
			["movesBefore", movesBefore]
		]) if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > MAX_EPISODE_STEPS_LIMIT) throw new TengymError("bad-argument", `setStayCounts: ${name} must be a count, got ${showValue(v)}`);
		if (typeof ended !== "boolean") throw new TengymError("bad-argument", `setStayCounts: ended must be true or false, got ${showValue(ended)}`);
		this.stays[i] = stays;
		this.staysInARow[i] = staysInARow;
		this.movesBefore[i] = movesBefore;
		this.ended[i] = ended || !this.envs[i].running ? 1 : 0;
	}
	/**
	* Steps copy i with actions[i]. The whole batch is checked first: if any action is not
	* legal for its copy, the error names the copy and no copy moves. Returns the buffers in
	* Gymnasium's form (the same object each time).
	*/
	step(actions) {
		this.checkStarted("step");
		if (actions === null || typeof actions !== "object" || typeof actions.length !== "number") throw new TengymError("bad-argument", `VectorEnv.step takes one action per copy (an array or a typed array), got ${showValue(actions)}`);
		if (actions.length !== this.numEnvs) throw new TengymError("bad-argument", `VectorEnv.step: ${actions.length} actions for ${this.numEnvs} envs`);
		for (let i = 0; i < this.numEnvs; i++) this.checkAction(i, actions[i], "step", " (no copy moved)");
		this.callbackError = null;
		this.endedCount = 0;
		for (let i = 0; i < this.numEnvs; i++) this.stepCopy(i, actions[i]);
		this.result ??= {
			observations: this.observations,
			rewards: this.rewards,
			terminated: this.terminated,
			truncated: this.truncated,
			infos: {
				masks: this.masks,
				finalObservations: this.finalObservations,
				finalMasks: this.finalMasks
			}
		};
		this.throwCallbackError();
		return this.result;
	}
	/**
	* Steps copy i alone (with autoreset), e.g. to play its forced moves while the other
	* copies wait for a decision. Writes rewards[i], terminated[i], truncated[i].
	*/
	stepOne(i, action) {
		this.checkStarted("stepOne");
		this.checkIndex(i, "stepOne");
		this.checkAction(i, action, "stepOne", "");
		this.callbackError = null;
		this.endedCount = 0;
		this.stepCopy(i, action);
		this.throwCallbackError();
	}
	/**
	* Refuses a step before every copy has a game: dealt by `reset`, or loaded into each copy with
	* `envs[i].setState` (a run resumed from its copies' saved states, which a reset would deal over).
	*/
	checkStarted(call) {
		if (this.started) return;
		const undealt = this.envs.findIndex((env) => !env.hasStarted);
		if (undealt < 0) {
			this.started = true;
			return;
		}
		const loaded = this.envs.some((env) => env.hasStarted);
		throw new TengymError("not-reset", `VectorEnv.${call}: call reset() first` + (loaded ? ` (or load a game into every copy: copy ${undealt} has none; a reset deals every copy anew)` : ""));
	}
	/**
	* Whether copy i's action is taken (a move, or with illegalAction 'stay' a stay, marked in `staying`), or
	* the error `step` would give, naming the copy (`after`: what else the caller says). A copy awaiting its
	* next-step autoreset takes any action.
	*/
	checkAction(i, action, call, after) {
		const env = this.envs[i];
		if (this.ended[i] === 0 && env.isLegal(action)) {
			if (this.stay) this.staying[i] = 0;
			return;
		}
		this.checkOther(i, action, call, after);
	}
	/** `checkAction` past its common case (a running copy given a legal action). */
	checkOther(i, action, call, after) {
		const env = this.envs[i];
		this.staying[i] = 0;
		if (this.ended[i] === 1) {
			if (this.autoreset === "next-step") return;
			if (env.running) {
				const why = this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps ? `the time limit of ${this.maxEpisodeSteps} steps` : this.maxSteps > 0 ? `${this.maxSteps} steps, ${this.stays[i]} of them illegal actions that stayed` : `${STAYS_IN_A_ROW_LIMIT} illegal actions in a row stayed`;
				const reason = `step(${showValue(action)}): the episode is over (truncated: ${why}); call reset()`;
				throw new CopyActionError("episode-over", i, reason, `VectorEnv.${call}: copy ${i}: ${reason}${after}`);
			}
		} else if (env.isLegal(action)) return;
		if (this.stay && env.running && env.legalCount > 0 && this.isActionId(action)) {
			this.staying[i] = 1;
			return;
		}
		try {
			env.assertLegal(action, "step");
		} catch (e) {
			if (e instanceof TengymError) throw new CopyActionError(e.code, i, e.message, `VectorEnv.${call}: copy ${i}: ${e.message}${after}`);
			throw e;
		}
	}
	/** Whether `action` is one of the action space's ids, 0 to n − 1. */
	isActionId(action) {
		return Number.isInteger(action) && action >= 0 && action < this.actionSpace.n;
	}
	/** Steps copy i with an action `checkAction` took, with autoreset. */
	stepCopy(i, action) {
		if (this.ended[i] === 1) {
			this.deal(i, {});
			return;
		}
		if (this.stay && this.staying[i] === 1) {
			this.stayCopy(i);
			return;
		}
		const env = this.envs[i];
		const r = env.step(action);
		const terminated = r.terminated;
		let truncated = r.truncated;
		if (this.stay) {
			this.staysInARow[i] = 0;
			if (!terminated && !truncated) truncated = this.staysTruncate(i);
		}
		const ownEnd = terminated || truncated;
		if (this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps) truncated = true;
		this.rewards[i] = r.reward;
		this.terminated[i] = terminated ? 1 : 0;
		this.truncated[i] = truncated ? 1 : 0;
		this.flags[i] = (terminated ? 1 : 0) | (truncated ? 2 : 0);
		if (terminated || truncated) this.endEpisode(i, ownEnd ? r.info.outcome ?? env.outcome() : null);
	}
	/** Copy i stays where it is (illegalAction 'stay'): a step of reward 0 that counts toward its limits. */
	stayCopy(i) {
		const env = this.envs[i];
		this.stays[i]++;
		this.staysInARow[i]++;
		const ownEnd = this.staysTruncate(i);
		const truncated = ownEnd || this.maxEpisodeSteps > 0 && env.episodeSteps + this.stays[i] >= this.maxEpisodeSteps;
		this.rewards[i] = 0;
		this.terminated[i] = 0;
		this.truncated[i] = truncated ? 1 : 0;
		this.flags[i] = (truncated ? 2 : 0) | 4;
		if (truncated) this.endEpisode(i, ownEnd ? env.outcome() : null);
	}
	/**
	* Copy i's episode ended at this step (its reward and flags written): recorded, then dealt again (same-step) or
	* left over for the next step or the caller.
	*/
	endEpisode(i, outcome) {
		const env = this.envs[i];
		const k = this.endedCount++;
		this.endedCopies[k] = i;
		this.endedOutcomes[k] = outcome;
		this.finish(i, this.truncated[i] === 1);
		if (this.autoreset !== "same-step") {
			this.ended[i] = 1;
			return;
		}
		const row = this.packed ? k : i;
		const size = env.observation.length;
		const n = env.mask.length;
		this.finalObservations.set(env.observation, row * size);
		this.finalMasks.set(env.mask, row * n);
		const reward = this.rewards[i];
		const terminated = this.terminated[i];
		const truncated = this.truncated[i];
		const flags = this.flags[i];
		this.deal(i, {});
		this.rewards[i] = reward;
		this.terminated[i] = terminated;
		this.truncated[i] = truncated;
		this.flags[i] = flags;
	}
	/** With illegalAction 'stay', after copy i's step or stay: whether its stays end the episode (truncated). */
	staysTruncate(i) {
		if (this.stays[i] === 0) return false;
		return this.maxSteps > 0 ? this.movesBefore[i] + this.envs[i].episodeSteps + this.stays[i] >= this.maxSteps : this.staysInARow[i] >= STAYS_IN_A_ROW_LIMIT;
	}
	/** Deals copy i (and again, while its deal has no legal move, unless deadDeals is 'keep'), then tells onDeal. */
	deal(i, opts) {
		this.envs[i].reset(opts);
		if (this.deadDeals === "redeal") this.skipDeadDeals(i);
		this.clearCopy(i);
		this.onDeal?.(i, opts.seed);
	}
	/** Copy i holds a new game: its step's results and counts cleared, its flags as its status says. */
	clearCopy(i) {
		const env = this.envs[i];
		this.rewards[i] = 0;
		this.terminated[i] = env.terminated ? 1 : 0;
		this.truncated[i] = env.truncated ? 1 : 0;
		this.flags[i] = (env.terminated ? 1 : 0) | (env.truncated ? 2 : 0);
		this.ended[i] = env.running ? 0 : 1;
		this.stays[i] = 0;
		this.staysInARow[i] = 0;
		this.movesBefore[i] = 0;
	}
	/** Legal ids of copy i in `envs[i].legal[0..legalCount-1]`. */
	legalCount(i) {
		this.checkIndex(i, "legalCount");
		return this.envs[i].legalCount;
	}
	checkIndex(i, call) {
		if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= this.numEnvs) throw new TengymError("bad-argument", `VectorEnv.${call}(${showValue(i)}): not a copy index; this VectorEnv has copies 0..${this.numEnvs - 1}`);
	}
	finish(i, truncated) {
		this.episodesDone++;
		const env = this.envs[i];
		if (!this.onEpisode) return;
		try {
			this.onEpisode({
				index: i,
				length: env.episodeSteps,
				return: env.episodeReturn,
				outcome: env.outcome(),
				truncated
			});
		} catch (e) {
			this.callbackError ??= { error: e };
		}
	}
	/** Throws the first error `onEpisode` threw during this call, if any (the call is complete). */
	throwCallbackError() {
		const pending = this.callbackError;
		if (pending === null) return;
		this.callbackError = null;
		throw pending.error;
	}
	/**
	* Refuses, before any copy is dealt, a deck that is not one or that deals no legal move: a copy
	* whose deal is over at reset deals again (skipDeadDeals), so it would not play that deck.
	*/
	checkDeck(deck, seed) {
		const scratch = this.envs[0].clone();
		try {
			scratch.reset({
				seed: seed ?? 0,
				deck
			});
		} catch (e) {
			if (e instanceof TengymError) throw new TengymError(e.code, `VectorEnv.reset: ${e.message}`);
			throw e;
		}
		if (!scratch.running && this.deadDeals === "redeal") throw new TengymError("bad-deck", "VectorEnv.reset: this deck deals no legal move, and a copy whose deal is over at reset is dealt again, so no copy would play it");
	}
	skipDeadDeals(i) {
		const env = this.envs[i];
		for (let dead = 0; !env.running; dead++) {
			if (dead === 1e4) throw new TengymError("bad-argument", `VectorEnv: copy ${i} of ${this.id} dealt ${MAX_DEAD_DEALS} deals in a row with no legal move, so it can never step (${this.id}'s options ${JSON.stringify(env.options)}); check that its engine's legalActions and status leave a fresh deal running (checkEnv(id) reports deadDeals)`);
			this.finish(i, env.truncated);
			env.reset();
		}
	}
};
/** A buffer of `length` elements: the caller's, checked, or a new one. */
function buffer(given, kind, length, name) {
	if (given === void 0) return new kind(length);
	if (!(given instanceof kind) || given.length !== length) throw new TengymError("bad-argument", `VectorEnv's buffers.${name} must be a ${kind.name} of ${length}, got ${describeKind(given)}` + (ArrayBuffer.isView(given) ? ` of ${given.length}` : ""));
	return given;
}
/** The vector options, checked, with their defaults. */
function vectorSettings(o) {
	const pick = (value, name, allowed) => {
		if (value === void 0) return allowed[0];
		if (typeof value === "string" && allowed.includes(value)) return value;
		throw new TengymError("bad-argument", `VectorEnv: ${name} must be ${allowed.map((a) => JSON.stringify(a)).join(" or ")}, got ${showValue(value)}`);
	};
	if (o.onDeal !== void 0 && typeof o.onDeal !== "function") throw new TengymError("bad-argument", `VectorEnv: onDeal must be a function, got ${describeKind(o.onDeal)}`);
	const autoreset = pick(o.autoreset, "autoreset", [
		"same-step",
		"next-step",
		"disabled"
	]);
	const deadDeals = pick(o.deadDeals, "deadDeals", ["redeal", "keep"]);
	if (deadDeals === "keep" && autoreset !== "disabled") throw new TengymError("bad-argument", `VectorEnv: deadDeals 'keep' needs autoreset 'disabled' (an autoreset deals on; a kept dead deal would leave its copy over), got autoreset ${JSON.stringify(autoreset)}`);
	const limit = o.maxEpisodeSteps ?? 0;
	if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0 || limit > MAX_EPISODE_STEPS_LIMIT) throw new TengymError("bad-argument", `VectorEnv: maxEpisodeSteps must be a positive integer up to ${MAX_EPISODE_STEPS_LIMIT} (0: none), got ${showValue(limit)}`);
	return {
		autoreset,
		illegalAction: pick(o.illegalAction, "illegalAction", ["raise", "stay"]),
		deadDeals,
		maxEpisodeSteps: limit,
		finalRows: pick(o.finalRows, "finalRows", ["by-copy", "packed"])
	};
}
/** The moves a loaded game had made (its JSON's `game.steps`), which count toward its `maxSteps`; 0 without one. */
function loadedMoves(state) {
	if (!isPlainObject(state)) return 0;
	const game = state.game;
	if (!isPlainObject(game)) return 0;
	const steps = game.steps;
	return typeof steps === "number" && Number.isInteger(steps) && steps >= 0 ? steps : 0;
}
// src/stats/figures.ts
/** The recorded numbers of a game's result: its outcome's fields, then its counters. */
function recordedKeys(result) {
	return [...result.fields, ...result.counters ?? []].map((f) => f.key);
}
// src/eval/episodes.ts
/** Rows for n episodes of a game whose result records `keys` (`recordedKeys(game.result)`). */
function emptyRows(n, keys) {
	return {
		won: new Uint8Array(n),
		values: Object.fromEntries(keys.map((k) => [k, new Float64Array(n)])),
		steps: new Int32Array(n),
		decisions: new Int32Array(n)
	};
}
/**
* One deal's record, kept step by step: the decisions, and the counters the game's result declares
* (`ResultSpec.counters`: a round that ended in a fault), each asked after every step from the
* outcomes before and after it. A game without counters reads its outcome only at the end.
*/
var DealTally = class {
	env;
	decisions = 0;
	counters;
	counts;
	before = null;
	constructor(env) {
		this.env = env;
		this.counters = env.game.result.counters ?? [];
		this.counts = this.counters.map(() => 0);
	}
	/** After `env.reset`. */
	begin() {
		this.decisions = 0;
		this.counts.fill(0);
		if (this.counters.length > 0) this.before = this.env.outcome();
	}
	/** Plays `action` in the env and counts what it did. */
	step(action) {
		const env = this.env;
		if (env.legalCount > 1) this.decisions++;
		env.step(action);
		if (this.counters.length === 0) return;
		const after = env.outcome();
		for (let c = 0; c < this.counters.length; c++) this.counts[c] += this.counters[c].count(this.before, after);
		this.before = after;
	}
	/** Writes the finished deal into row k. */
	record(rows, k) {
		const o = this.env.outcome();
		rows.won[k] = o.won ? 1 : 0;
		rows.steps[k] = this.env.episodeSteps;
		rows.decisions[k] = this.decisions;
		for (const { key } of this.env.game.result.fields) rows.values[key][k] = o[key];
		this.counters.forEach(({ key }, c) => {
			rows.values[key][k] = this.counts[c];
		});
	}
};
/** Deals from … to − 1 played by `agent` on `env`; row k is deal from + k. */
function playAgent(env, agent, seed, from, to, options = {}) {
	const play = playing$1(env, agent, seed, from, to, options);
	for (;;) {
		const next = play.next();
		if (next.done) return next.value;
	}
}
/**
* The deals of `playAgent`, pausing (a `yield`) after each deal, or after each round of decisions of deals side by
* side.
*/
function* playing$1(env, agent, seed, from, to, options) {
	const lanes = Math.min(options.lanes ?? 1, to - from);
	if (lanes > 1 && agent.actBatch) return yield* playSideBySide(env, agent, seed, from, to, lanes, options.onEpisode);
	const game = make(env);
	const tally = new DealTally(game);
	const rows = emptyRows(to - from, recordedKeys(game.game.result));
	for (let i = from; i < to; i++) {
		const k = i - from;
		game.reset({ seed: seed + i });
		try {
			agent.reset(deriveSeed(seed, i));
			tally.begin();
			while (game.running) {
				const changes = game.changes;
				tally.step(acted(game, changes, agent.act(game)));
			}
		} catch (e) {
			throw inDeal(e, agent.name, i, seed + i);
		}
		tally.record(rows, k);
		options.onEpisode?.(k + 1);
		yield;
	}
	return rows;
}
/**
* What `act` returned, once it is known that `act` left the env as it found it: an agent that
* steps, deals, undoes or loads a state itself would play another game than the deal's (a deal
* of its choosing, or one that never ends). And an `async act` is named as such, not met as "not
* an action id".
*/
function acted(game, changes, action) {
	if (game.changes !== changes) throw new TengymError("bad-argument", "act changed the env (it stepped, dealt, undid or loaded a state): an agent returns its action and leaves the game to the caller; to look ahead, act on env.clone()");
	if (typeof action?.then === "function") throw new TengymError("bad-argument", "act returned a Promise: act returns the action id itself, synchronously (an async act cannot be awaited between steps)");
	return action;
}
/**
* `e` said of the agent and the deal it came from, with its code kept: in an evaluation of several agents, which one
* failed, and where to replay it.
*/
function inDeal(e, agent, deal, dealSeed) {
	const where = `agent "${agent}", deal ${deal} (seed ${dealSeed})`;
	if (e instanceof TengymError) return new TengymError(e.code, `${where}: ${e.message}`);
	return new AgentThrewError(`${where}: the agent`, e);
}
/**
* `lanes` deals at a time: each lane plays its forced moves through `act`, then every lane at a
* decision is decided in one `actBatch` call; a finished lane deals the next deal.
*/
function* playSideBySide(env, agent, seed, from, to, lanes, onEpisode) {
	const rows = emptyRows(to - from, recordedKeys(env.game.result));
	let recorded = 0;
	const games = Array.from({ length: lanes }, () => make(env));
	const tallies = games.map((g) => new DealTally(g));
	/** The deal each lane plays (−1: none left). */
	const deal = new Int32Array(lanes).fill(-1);
	let next = from;
	/**
	* Plays lane k's forced moves; at the end of a deal records it and deals the next. Leaves k at a decision or idle.
	*/
	const advance = (k) => {
		const game = games[k];
		for (;;) {
			while (game.running && game.legalCount === 1) {
				const changes = game.changes;
				tallies[k].step(acted(game, changes, agent.act(game)));
			}
			if (game.running) return;
			if (deal[k] >= 0) {
				tallies[k].record(rows, deal[k] - from);
				onEpisode?.(++recorded);
			}
			if (next >= to) {
				deal[k] = -1;
				return;
			}
			deal[k] = next++;
			game.reset({ seed: seed + deal[k] });
			tallies[k].begin();
		}
	};
	for (let k = 0; k < lanes; k++) advance(k);
	const deciding = [];
	const lanesDeciding = new Int32Array(lanes);
	const actions = new Int32Array(lanes);
	const changes = new Float64Array(lanes);
	for (;;) {
		deciding.length = 0;
		for (let k = 0; k < lanes; k++) {
			if (deal[k] < 0) continue;
			lanesDeciding[deciding.length] = k;
			changes[deciding.length] = games[k].changes;
			deciding.push(games[k]);
		}
		if (deciding.length === 0) break;
		agent.actBatch(deciding, deciding.length, actions);
		for (let j = 0; j < deciding.length; j++) {
			const k = lanesDeciding[j];
			tallies[k].step(acted(games[k], changes[j], actions[j]));
			advance(k);
		}
		yield;
	}
	return rows;
}
// src/eval/evaluate.ts
/**
* The most deals an evaluation plays per agent: each deal's result is kept (15 bytes an agent), and past this the
* figures are as exact as they get.
*/
const MAX_EVAL_EPISODES = 1e7;
strictObject({
	/** The env played; without it, the one the model folders among the agents were trained for (`envOfModels`). */
	env: string().optional(),
	options: custom((v) => isPlainObject(v), "expected a plain object of options").default({}),
	/**
	* Catalogue names and model folders (played on worker threads), or agents of your own (objects
	* with name, reset(seed) and act(env), played in this thread): every one on the same deals, reset
	* with the same seeds.
	*/
	agents: array(union([string(), agentSchema], { error: "expected an agent name, a model folder, or an agent (an object with name, reset(seed) and act(env))" })).min(1),
	episodes: int().min(1).max(MAX_EVAL_EPISODES),
	seed: int().min(0).default(0),
	/**
	* The first deal played: deals firstDeal … firstDeal + episodes − 1 of the run from `seed` (deal
	* i is seed + i, each agent reset with deriveSeed(seed, i)), so a run split into parts (over
	* machines, or resumed) plays each deal as the whole run does.
	*/
	firstDeal: int().min(0).default(0),
	/** Agent the others are compared with (default: the first listed). */
	reference: string().optional(),
	/** Worker threads (default: every core); 0 plays in this thread. */
	workers: int().min(0).optional(),
	/** Each result also carries its record of every deal (`deals`), to pair or test it yourself. */
	perDeal: boolean().default(false)
});
/** `rows` as plain arrays: won, the game's recorded numbers in the order it declares them, steps, decisions. */
function dealRecords(rows, result) {
	const list = (a) => Array.from(a);
	const own = Object.fromEntries(recordedKeys(result).map((k) => [k, list(rows.values[k])]));
	return {
		won: list(rows.won),
		...own,
		steps: list(rows.steps),
		decisions: list(rows.decisions)
	};
}
// src/bridge/engine.ts
const ENGINE_VERSION = __TENGYM_VERSION__;
const PROTOCOL = 16;
/**
* The engines' bounds the Python side checks its arguments against before it asks (written by `--list` into
* the package's envs.json, so that Python holds no copy of them): the largest seed, the longest time limit,
* and the stays in a row that end an episode of an env without maxSteps.
*/
const limits = {
	maxSeed: MAX_SEED,
	maxEpisodeSteps: MAX_EPISODE_STEPS_LIMIT,
	staysInARow: STAYS_IN_A_ROW_LIMIT
};
/** The longest body a frame may have, either way: 1 GiB. */
const MAX_FRAME_BYTES = 2 ** 30;
/** The header words: a kind's byte, then the mark. */
const KIND_JSON = 1196752714;
const KIND_ERROR = 1196752709;
/** The kind bytes of the frames Python sends. */
const JSON_BYTE = 74;
const STEP_BYTE = 83;
let copies = null;
function writeAll(buf) {
	let off = 0;
	while (off < buf.length) try {
		off += writeSync(1, buf, off, buf.length - off);
	} catch (e) {
		if (e.code === "EAGAIN") continue;
		throw e;
	}
}
function frame(kind, payload) {
	const out = Buffer.allocUnsafe(8 + payload.length);
	out.writeUInt32LE(4 + payload.length, 0);
	out.writeUInt32LE(kind >>> 0, 4);
	out.set(payload, 8);
	return out;
}
function sendJson(kind, value) {
	const payload = Buffer.from(JSON.stringify(value), "utf8");
	if (4 + payload.length > MAX_FRAME_BYTES) {
		const error = {
			code: "bad-argument",
			message: `the engine's answer is ${payload.length} bytes, more than the ${MAX_FRAME_BYTES} bytes a frame may hold: ask for less at a time (fewer deals to play, fewer copies)`
		};
		return writeAll(frame(KIND_ERROR, Buffer.from(JSON.stringify(error), "utf8")));
	}
	writeAll(frame(kind, payload));
}
/**
* Result rows, in one frame: observations float32 [N×obsSize], rewards float32 [N],
* masks uint8 [N×n], then per copy a flag byte (bit 0 terminated, bit 1 truncated, both where
* a TimeLimit ends an episode at the step that terminates it, as Gymnasium's TimeLimit says; bit 2
* stayed, with make's illegal "stay"). The VectorEnv is made over views of the frame, so a step
* writes its observations, rewards, masks and flags straight into the frame that is sent; same-step's
* last observations and masks too, packed after the flags.
*/
function allocate(config, num, settings) {
	const { vector } = settings;
	const sameStep = settings.autoreset === "same-step";
	const n = config.game.numActions(config.options);
	const obsSize = config.game.observationSize(config.options);
	const obsBytes = num * obsSize * 4;
	const body = 4 + obsBytes + num * 4 + num * n + num;
	const rowsBytes = 4 + body + 3 & -4;
	const out = Buffer.alloc(sameStep ? rowsBytes + obsBytes + num * n : 4 + body);
	if (out.length + 64 * num > MAX_FRAME_BYTES) throw new TengymError("bad-argument", `${num} copies of ${config.id} make frames of ${out.length + 64 * num} bytes, more than the ${MAX_FRAME_BYTES} a frame may hold: spread them over more processes, or use fewer copies`);
	out.writeUInt32LE(body, 0);
	out.writeUInt32LE(1196752722, 4);
	const base = out.byteOffset + 8;
	const lastMasksAt = rowsBytes + obsBytes;
	const c = {
		vec: void 0,
		envs: [],
		n,
		obsSize,
		vector,
		sameStep,
		redeal: vector || settings.redeal,
		firstCopy: settings.firstCopy,
		scratch: null,
		out,
		rowsBytes,
		lastMasksAt,
		stepActions: null,
		dealt: new Uint8Array(num),
		attached: /* @__PURE__ */ new Map(),
		agentSeeds: new Float64Array(num),
		agentDeals: new Float64Array(num)
	};
	c.vec = new VectorEnv(config, num, {
		autoreset: settings.autoreset,
		maxEpisodeSteps: settings.timeLimit,
		illegalAction: settings.stay ? "stay" : "raise",
		deadDeals: c.redeal ? "redeal" : "keep",
		finalRows: "packed",
		onDeal: (i, seed) => dealtCopy(c, i, seed),
		buffers: {
			observations: new Float32Array(out.buffer, base, num * obsSize),
			rewards: new Float32Array(out.buffer, base + obsBytes, num),
			masks: new Uint8Array(out.buffer, base + obsBytes + num * 4, num * n),
			flags: new Uint8Array(out.buffer, base + obsBytes + num * 4 + num * n, num),
			...sameStep ? {
				finalObservations: new Float32Array(out.buffer, out.byteOffset + rowsBytes, num * obsSize),
				finalMasks: new Uint8Array(out.buffer, out.byteOffset + lastMasksAt, num * n)
			} : {}
		}
	});
	c.envs = c.vec.envs;
	return c;
}
/**
* Copy i was dealt (a reset, an autoreset): a seeded deal is deal 0 of its seed, an unseeded one the next deal, as one
* env counts them; its agents are reset for it.
*/
function dealtCopy(c, i, seed) {
	c.dealt[i] = 1;
	if (seed !== void 0) [c.agentSeeds[i], c.agentDeals[i]] = [seed, 0];
	else c.agentDeals[i]++;
	if (c.attached.size > 0) resetCopyAgents(c, i);
}
/** What the catalogue says of an agent: its name, description, fairness, and whether it is a ceiling. */
function agentInfo(env, name) {
	return agentsFor(env).find((a) => a.name === name);
}
/** Catalogue agents made once per engine process for `play` (Python sends a range of deals in several messages). */
const playing = /* @__PURE__ */ new Map();
function playingAgent(name, env) {
	const key = JSON.stringify([
		name,
		env.id,
		env.options
	]);
	let agent = playing.get(key);
	if (!agent) {
		agent = createAgent(name, env);
		playing.set(key, agent);
	}
	return agent;
}
/** A message's agent name: a string, or a TengymError saying what was sent. */
function agentName(value) {
	if (typeof value !== "string") throw new TengymError("bad-argument", `agent must be an agent's name (a string), got ${JSON.stringify(value) ?? String(value)}`);
	return value;
}
/** A deal index of `play`: an integer from 0 to MAX_EVAL_EPISODES. */
function dealIndex(value, what) {
	if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1e7) throw new TengymError("bad-argument", `play: ${what} must be an integer from 0 to ${MAX_EVAL_EPISODES}, got ${JSON.stringify(value)}`);
	return value;
}
/** The one env `act` answers for: a vector's copies are asked all at once (`actions`). */
function oneEnv(c, cmd) {
	if (c.vector || c.envs.length !== 1) throw new TengymError("bad-argument", `${cmd}: one env's agent; a vector of copies answers every copy's action with "actions"`);
	return c.envs[0];
}
/**
* Resets copy i's attached agents for the game it now holds (a deal or a loaded state), with `seed` or the one derived
* from its deals, and shows them that state.
*/
function resetCopyAgents(c, i, seed = deriveSeed(c.agentSeeds[i], c.agentDeals[i])) {
	for (const agents of c.attached.values()) agents[i].reset(seed);
	showCopy(c, i);
}
/**
* Shows copy i's attached agents its state: an agent that remembers must see every state of a game (an ended one has
* nothing left to choose).
*/
function showCopy(c, i) {
	const e = c.envs[i];
	if (!e.running) return;
	for (const agents of c.attached.values()) agents[i].observe?.(e);
}
/**
* The attached agents of that name, one a copy, attached now (each reset as at its copy's last reset, shown its state)
* if they were not; with `attached` when they were attached now.
*/
function attachAgent(c, name) {
	const agents = c.attached.get(name);
	if (agents) return {
		agents,
		attached: null
	};
	const config = envConfig(c.envs[0].id, c.envs[0].options);
	const made = c.envs.map((e, i) => {
		const agent = createAgent(name, config);
		agent.reset(deriveSeed(c.agentSeeds[i], c.agentDeals[i]));
		if (e.running) agent.observe?.(e);
		return agent;
	});
	c.attached.set(name, made);
	return {
		agents: made,
		attached: agentInfo(config, name)
	};
}
/** A message's list of one value a copy (`what` says which), checked by `check`: null leaves that copy out. */
function perCopy(c, value, cmd, what, check) {
	if (!Array.isArray(value) || value.length !== c.envs.length) throw new TengymError("bad-argument", `${cmd}: ${what} must be a list of ${c.envs.length} (one a copy), got ${JSON.stringify(value) ?? String(value)}`);
	return value.map((v) => v === null ? null : check(v));
}
/** A reset's seed and deck tried on a scratch env, so that a bad one is refused before any copy is dealt. */
function checkDeal(c, scratch, seed, deck, copy) {
	try {
		scratch.reset({
			seed: seed ?? 0,
			...deck !== void 0 ? { deck } : {}
		});
	} catch (e) {
		throw copy && e instanceof TengymError ? new TengymError(e.code, copy + e.message) : e;
	}
	if (deck !== void 0 && c.redeal && !scratch.running) throw new TengymError("bad-deck", `${copy}reset: this deck deals no legal move, and a reset never returns an episode that is already over${c.vector ? "" : " (dead_deals='keep' returns it, over at reset)"}`);
}
function need() {
	if (!copies) throw new TengymError("bad-argument", "no env made yet: send \"make\" first");
	return copies;
}
function handleJson(msg) {
	switch (msg.cmd) {
		case "hello":
			setSpin(msg.spinMicros);
			setShared(msg.sharedFd);
			return sendJson(KIND_JSON, {
				tengym: ENGINE_VERSION,
				protocol: 16
			});
		case "list": return sendJson(KIND_JSON, {
			ids: envIds(),
			envs: envs().map((e) => ({
				id: e.id,
				actions: e.actions,
				observationSize: e.observationSize,
				defaults: e.defaults,
				result: e.result
			}))
		});
		case "make": {
			const num = msg.num === void 0 ? 1 : msg.num;
			if (typeof num !== "number" || !Number.isInteger(num) || num < 1 || num > 1 << 20) throw new TengymError("bad-argument", `num_envs must be an integer from 1 to ${1 << 20} per engine process (processes=N spreads more), got ${JSON.stringify(num)}`);
			const config = envConfig(msg.id, msg.options ?? {});
			const autoreset = msg.autoreset === void 0 ? "next-step" : msg.autoreset;
			if (autoreset !== "next-step" && autoreset !== "same-step" && autoreset !== "disabled") throw new TengymError("bad-argument", `autoreset must be "next-step", "same-step" or "disabled", got ${JSON.stringify(autoreset)}`);
			const vector = msg.vector === true;
			const timeLimit = msg.timeLimit === void 0 || msg.timeLimit === null ? 0 : msg.timeLimit;
			if (typeof timeLimit !== "number" || !Number.isInteger(timeLimit) || timeLimit < 0 || timeLimit > MAX_EPISODE_STEPS_LIMIT) throw new TengymError("bad-argument", `max_episode_steps must be a positive integer of at most ${MAX_EPISODE_STEPS_LIMIT}, got ` + JSON.stringify(timeLimit));
			if (timeLimit > 0 && !vector) throw new TengymError("bad-argument", "timeLimit is for a vector of copies (one env is wrapped in Gymnasium's TimeLimit)");
			const illegal = msg.illegal === void 0 ? "raise" : msg.illegal;
			if (illegal !== "raise" && illegal !== "stay") throw new TengymError("bad-argument", `illegal_action must be "raise" or "stay", got ${JSON.stringify(illegal)}`);
			const firstCopy = msg.firstCopy === void 0 ? 0 : msg.firstCopy;
			if (typeof firstCopy !== "number" || !Number.isInteger(firstCopy) || firstCopy < 0) throw new TengymError("bad-argument", `firstCopy must be a copy number, got ${JSON.stringify(firstCopy)}`);
			copies = allocate(config, num, {
				vector,
				autoreset: vector ? autoreset : "disabled",
				redeal: msg.redeal === true,
				timeLimit,
				firstCopy,
				stay: illegal === "stay"
			});
			const bounds = typeof config.game.observationBounds === "function" ? copies.envs[0].observationBounds() : null;
			const observationBounds = bounds && {
				low: Array.from(bounds.low),
				high: Array.from(bounds.high)
			};
			return sendJson(KIND_JSON, {
				id: config.id,
				options: config.options,
				actions: copies.n,
				observationSize: copies.obsSize,
				observationBounds,
				num
			});
		}
		case "reset": {
			const c = need();
			const seed = msg.seed;
			const seeds = msg.seeds;
			if (seeds !== void 0 && (!Array.isArray(seeds) || seeds.length !== c.envs.length)) throw new TengymError("bad-seed", `reset: seeds must be a list of ${c.envs.length} seed(s) or nulls`);
			const seedOf = (i) => seeds !== void 0 ? seeds[i] ?? void 0 : seed !== void 0 ? seed + i : void 0;
			const mask = msg.mask;
			if (mask !== void 0 && (!Array.isArray(mask) || mask.length !== c.envs.length || !mask.every((m) => typeof m === "boolean"))) throw new TengymError("bad-argument", `reset: mask must be a list of ${c.envs.length} booleans`);
			if (mask !== void 0 && !c.vector) throw new TengymError("bad-argument", "reset: a mask is for a vector of copies");
			if (msg.deck !== void 0 && c.envs.length !== 1) throw new TengymError("bad-argument", "reset: a deck is for one env; a vector of copies takes decks, one a copy");
			const decks = msg.decks;
			if (decks !== void 0 && (!Array.isArray(decks) || decks.length !== c.envs.length)) throw new TengymError("bad-deck", `reset: decks must be a list of ${c.envs.length} deck(s) or nulls`);
			const deckOf = (i) => decks !== void 0 ? decks[i] ?? void 0 : msg.deck;
			const scratch = seed !== void 0 || msg.deck !== void 0 || seeds !== void 0 || decks !== void 0 ? c.scratch ??= make(envConfig(c.envs[0].id, c.envs[0].options)) : null;
			if (scratch && (seed !== void 0 || msg.deck !== void 0)) checkDeal(c, scratch, seed, msg.deck, "");
			if (scratch && seeds !== void 0) {
				for (const s of seeds) if (s !== null) scratch.reset({ seed: s });
			}
			if (scratch && decks !== void 0) {
				for (let i = 0; i < decks.length; i++) if (decks[i] !== null) checkDeal(c, scratch, void 0, decks[i], `copy ${c.firstCopy + i}: `);
			}
			if (msg.check === true) return sendJson(KIND_JSON, null);
			for (let i = 0; i < c.envs.length; i++) {
				if (mask !== void 0 && !mask[i]) continue;
				const s = seedOf(i);
				const deck = deckOf(i);
				c.vec.resetCopy(i, {
					...s !== void 0 ? { seed: s } : {},
					...deck !== void 0 ? { deck } : {}
				});
			}
			return writeRows(c, 0, 0);
		}
		case "getState": {
			const c = need();
			return sendJson(KIND_JSON, c.envs.map((e) => e.getState()));
		}
		case "setState": {
			const c = need();
			const states = msg.states;
			if (!Array.isArray(states) || states.length !== c.envs.length) throw new TengymError("bad-state", `bad state: expected ${c.envs.length} state(s)`);
			c.vec.setStates(states);
			for (let i = 0; i < c.envs.length; i++) {
				c.agentDeals[i]++;
				if (c.attached.size > 0) resetCopyAgents(c, i);
			}
			return writeRows(c, 0, 0);
		}
		case "getStays": {
			const c = need();
			return sendJson(KIND_JSON, c.envs.map((_, i) => c.vec.stayCounts(i)));
		}
		case "setStays": {
			const c = need();
			const counts = perCopy(c, msg.counts, "setStays", "counts", (v) => v);
			const before = c.envs.map((_, i) => c.vec.stayCounts(i));
			try {
				counts.forEach((v, i) => {
					if (v !== null) c.vec.setStayCounts(i, v);
				});
			} catch (e) {
				before.forEach((v, i) => c.vec.setStayCounts(i, v));
				throw e;
			}
			return sendJson(KIND_JSON, null);
		}
		case "render": {
			const c = need();
			return sendJson(KIND_JSON, c.envs.map((e) => e.render()));
		}
		case "info": {
			const c = need();
			return sendJson(KIND_JSON, c.envs.map((e) => ({
				outcome: e.hasStarted ? e.outcome() : null,
				steps: e.episodeSteps,
				return: e.episodeReturn,
				legal: e.hasStarted ? e.legalActions().map((a) => [a, e.describeAction(a)]) : []
			})));
		}
		case "agents": return sendJson(KIND_JSON, agentsFor(envConfig(msg.id, msg.options ?? {})));
		case "play": {
			const config = envConfig(msg.id, msg.options ?? {});
			const name = agentName(msg.agent);
			const seed = validateSeed(msg.seed);
			const from = dealIndex(msg.from, "from");
			const to = dealIndex(msg.to, "to");
			if (to <= from) throw new TengymError("bad-argument", `play: deals from ${from} to ${to} is none`);
			checkSeedFits(seed, to, `episodes ${to}`);
			return sendJson(KIND_JSON, {
				...dealRecords(playAgent(config, playingAgent(name, config), seed, from, to), config.game.result),
				options: config.options
			});
		}
		case "attach": {
			const c = need();
			const name = agentName(msg.agent);
			attachAgent(c, name);
			return sendJson(KIND_JSON, agentInfo(envConfig(c.envs[0].id, c.envs[0].options), name));
		}
		case "act": {
			const c = need();
			const name = agentName(msg.agent);
			const e = oneEnv(c, "act");
			if (!e.hasStarted) throw new TengymError("not-reset", `agent "${name}": the env has not been dealt yet; call reset() first`);
			if (!e.running) throw new TengymError("episode-over", `agent "${name}": the episode is over; call reset() for the next`);
			const { agents, attached } = attachAgent(c, name);
			return sendJson(KIND_JSON, {
				action: agents[0].act(e),
				attached
			});
		}
		case "actions": {
			const c = need();
			const name = agentName(msg.agent);
			const mask = msg.mask === void 0 ? null : perCopy(c, msg.mask, "actions", "mask", (m) => {
				if (typeof m !== "boolean") throw new TengymError("bad-argument", `actions: mask must be a list of ${c.envs.length} booleans, got ${JSON.stringify(msg.mask)}`);
				return m;
			});
			if (!c.envs.every((e) => e.hasStarted)) throw new TengymError("not-reset", `agent "${name}": the copies have not been dealt yet; call reset() first`);
			const { agents, attached } = attachAgent(c, name);
			const actions = c.envs.map((e, i) => mask && !mask[i] || c.vec.ended[i] || !e.running ? -1 : agents[i].act(e));
			return sendJson(KIND_JSON, {
				actions,
				attached
			});
		}
		case "resetAgents": {
			const c = need();
			(msg.seeds !== void 0 ? perCopy(c, msg.seeds, "resetAgents", "seeds", (s) => validateSeed(s, "agent seed")) : c.envs.map(() => validateSeed(msg.seed, "agent seed"))).forEach((s, i) => {
				if (s !== null) resetCopyAgents(c, i, s);
			});
			return sendJson(KIND_JSON, [...c.attached.keys()]);
		}
		default: throw new TengymError("bad-argument", `unknown engine command ${JSON.stringify(msg.cmd)}`);
	}
}
/** Steps every copy with actions[at + i] (a view of the input buffer, made once, so a step allocates nothing). */
function handleStep(words, at, count) {
	const c = need();
	if (count !== c.envs.length) throw new TengymError("bad-action", `step: expected ${c.envs.length} action(s), got ${count}`);
	let actions = c.stepActions;
	if (actions === null || actions.buffer !== words.buffer || actions.byteOffset !== words.byteOffset + 4 * at) actions = c.stepActions = words.subarray(at, at + count);
	if (!c.envs[0].hasStarted) c.envs[0].assertLegal(actions[0]);
	c.dealt.fill(0);
	try {
		c.vec.step(actions);
	} catch (e) {
		if (e instanceof CopyActionError) throw new TengymError(e.code, c.vector ? `copy ${c.firstCopy + e.copy}: ${e.reason} (no copy moved)` : e.reason);
		throw e;
	}
	if (c.attached.size > 0) {
		for (let i = 0; i < count; i++) if (!c.dealt[i] && !(c.vec.flags[i] & 4)) showCopy(c, i);
	}
	writeRows(c, c.sameStep ? c.vec.endedCount : 0, c.vec.endedCount);
}
/**
* Large rows frames skip the pipe: the Python side hands the engine (at hello) a file in
* /dev/shm, already unlinked, that it maps; the engine writes the frame at its start with one
* pwrite and sends only its length. A 256-copy decade frame (721 KB) costs the engine about
* 120 µs that way against about 200 µs written into a pipe, and Python reads it in place.
*/
const SHARED_MIN_BYTES = 32768;
let sharedFd = -1;
/** The file's size: the longest frame written to it whole (Python maps no more than that). */
let sharedBytes = 0;
const sharedNote = Buffer.alloc(12);
sharedNote.writeUInt32LE(8, 0);
sharedNote.writeUInt32LE(1196752717, 4);
function setShared(fd) {
	sharedFd = typeof fd === "number" && Number.isInteger(fd) && fd > 2 ? fd : -1;
}
/**
* The frame written at the start of the shared file, or false when the file cannot grow to hold
* it (a full /dev/shm: Docker gives a container 64 MB). Then this frame and every later one go
* through the pipe, and what the failed write added to the file is given back, down to the size
* Python may have mapped.
*/
function writeShared(out, length, tail) {
	try {
		for (let off = 0; off < length;) off += writeSync(sharedFd, out, off, length - off, off);
		if (tail) for (let off = 0; off < tail.length;) off += writeSync(sharedFd, tail, off, tail.length - off, length + off);
	} catch {
		try {
			ftruncateSync(sharedFd, sharedBytes);
		} catch {}
		sharedFd = -1;
		return false;
	}
	sharedBytes = Math.max(sharedBytes, length + (tail?.length ?? 0));
	return true;
}
const OUTCOME_COLUMNS = 67;
const OUTCOME_JSON = 74;
/** The largest integer a column carries: JSON writes a larger one as its shortest digits, not as the double's value. */
const MAX_COLUMN_INTEGER = 2 ** 53;
/** A type byte of the outcome columns (0: absent): the value's type as Python's JSON reading of it would give it. */
const BOOLEAN = 1;
const INTEGER = 2;
const REAL = 3;
/** Whether an outcome's value goes into a column exactly as JSON would give it to Python. */
function columnValue(v) {
	return typeof v === "boolean" || typeof v === "number" && Number.isFinite(v) && (!Number.isInteger(v) || Math.abs(v) <= MAX_COLUMN_INTEGER);
}
/** The keys JSON of the last frame, reused while the outcomes' keys stay the same (a game's always do). */
let lastKeys = [];
let lastKeysJson = Buffer.from("[]");
/**
* The outcomes of the first `count` episodes a step ended, written after the rows at frame offset `at`, as columns:
*   'C' 0 0 0 | uint32 count | uint32 L | the keys as a JSON array of L bytes, in the order JSON would first give each
*   | uint8 [count], 1 for an outcome, 0 for a null one | uint8 [keys×count] each value's type (0 absent, 1 boolean,
*   2 integer, 3 other number) | zeros to an 8-byte boundary of the frame | float64 [keys×count] the values (0 absent)
* or, should a value be one a column cannot give back as JSON would (not a boolean or a finite number, or an integer
* beyond 2^53) or an outcome's keys come in another order than the columns', as 'J' 0 0 0 and the JSON array of
* protocol 12.
*/
function outcomeTail(outcomes, count, at) {
	const keys = [];
	const index = /* @__PURE__ */ new Map();
	for (let e = 0; e < count; e++) {
		const o = outcomes[e];
		if (o === null) continue;
		let last = -1;
		for (const key of Object.keys(o)) {
			if (!columnValue(o[key])) return jsonTail(outcomes, count);
			let j = index.get(key);
			if (j === void 0) {
				j = keys.push(key) - 1;
				index.set(key, j);
			} else if (j < last) return jsonTail(outcomes, count);
			last = j;
		}
	}
	if (keys.length !== lastKeys.length || keys.some((k, j) => k !== lastKeys[j])) {
		lastKeys = keys;
		lastKeysJson = Buffer.from(JSON.stringify(keys));
	}
	const codesAt = 12 + lastKeysJson.length + count;
	const valuesAt = codesAt + keys.length * count;
	const pad = 8 - (at + valuesAt & 7) & 7;
	const tail = Buffer.alloc(valuesAt + pad + 8 * keys.length * count);
	tail[0] = OUTCOME_COLUMNS;
	tail.writeUInt32LE(count, 4);
	tail.writeUInt32LE(lastKeysJson.length, 8);
	lastKeysJson.copy(tail, 12);
	for (let e = 0; e < count; e++) {
		const o = outcomes[e];
		if (o === null) continue;
		tail[codesAt - count + e] = 1;
		for (const key of Object.keys(o)) {
			const j = index.get(key);
			const v = o[key];
			tail[codesAt + j * count + e] = typeof v === "boolean" ? BOOLEAN : Number.isInteger(v) ? INTEGER : REAL;
			tail.writeDoubleLE(v === 0 ? 0 : +v, valuesAt + pad + 8 * (j * count + e));
		}
	}
	return tail;
}
/** The outcomes as protocol 12 sent them, a JSON array, behind 'J' 0 0 0. */
function jsonTail(outcomes, count) {
	const json = Buffer.from(JSON.stringify(outcomes.slice(0, count)));
	const tail = Buffer.alloc(4 + json.length);
	tail[0] = OUTCOME_JSON;
	json.copy(tail, 4);
	return tail;
}
/**
* The rows frame, with `lastRows` same-step last observations after the flags, then their masks
* (uint8 [lastRows×n]), then the outcomes of the `outcomes` episodes the step ended (none:
* nothing; see outcomeTail). The outcomes are written after the rows, not copied with them: a
* 256-copy frame is 721 KB.
*/
function writeRows(c, lastRows, outcomes) {
	const masksAt = c.rowsBytes + lastRows * c.obsSize * 4;
	const length = c.sameStep ? masksAt + lastRows * c.n : c.out.length;
	if (c.sameStep && lastRows > 0) c.out.copyWithin(masksAt, c.lastMasksAt, c.lastMasksAt + lastRows * c.n);
	const tail = outcomes === 0 ? null : outcomeTail(c.vec.endedOutcomes, outcomes, length);
	const total = length + (tail?.length ?? 0);
	c.out.writeUInt32LE(total - 4, 0);
	if (sharedFd >= 0 && total >= SHARED_MIN_BYTES && writeShared(c.out, length, tail)) {
		sharedNote.writeUInt32LE(total, 8);
		return writeAll(sharedNote);
	}
	if (tail && total < SHARED_MIN_BYTES) return writeAll(Buffer.concat([c.out.subarray(0, length), tail]));
	writeAll(c.out.subarray(0, length));
	if (tail) writeAll(tail);
}
function main() {
	if (process.argv.includes("--list")) {
		const results = Object.fromEntries(envs().map((e) => [e.id, e.result]));
		process.stdout.write(JSON.stringify({
			tengym: ENGINE_VERSION,
			protocol: 16,
			ids: envIds(),
			limits,
			results
		}) + "\n");
		return;
	}
	let buf = Buffer.alloc(65536);
	let words = new Int32Array(buf.buffer, buf.byteOffset, buf.length >> 2);
	let end = 0;
	for (;;) {
		while (end < 8) {
			const n = readChunk(buf, end);
			if (n === 0) return;
			end += n;
		}
		checkHeader(buf);
		const length = buf.readUInt32LE(0);
		if (4 + length > buf.length) {
			const bigger = Buffer.alloc(Math.max(2 * buf.length, 4 + length));
			buf.copy(bigger, 0, 0, end);
			buf = bigger;
			words = new Int32Array(buf.buffer, buf.byteOffset, buf.length >> 2);
		}
		while (end < 4 + length) {
			const n = readChunk(buf, end);
			if (n === 0) return;
			end += n;
		}
		const kind = buf[4];
		try {
			if (kind === STEP_BYTE) handleStep(words, 2, length - 4 >> 2);
			else if (kind === JSON_BYTE) {
				const msg = JSON.parse(buf.toString("utf8", 8, 4 + length));
				if (!isPlainObject(msg)) throw new Error(`a JSON frame must hold an object, got ${showValue(msg)}`);
				handleJson(msg);
			} else throw new Error(`unknown frame kind ${kind}`);
		} catch (e) {
			if (isTengymError(e)) sendJson(KIND_ERROR, {
				code: e.code,
				message: e.message
			});
			else sendJson(KIND_ERROR, {
				code: "internal",
				message: e instanceof Error ? e.stack ?? e.message : String(e)
			});
		}
		const used = 4 + length;
		if (end > used) buf.copy(buf, 0, used, end);
		end -= used;
	}
}
/** Ends the engine, saying why on stderr, when its stdin holds something other than a frame. */
function checkHeader(buf) {
	const length = buf.readUInt32LE(0);
	if ((buf.readUInt32LE(4) & 4294967040) >>> 0 === 1196752640 && length >= 4 && length <= MAX_FRAME_BYTES) return;
	process.stderr.write(`tengym engine: its stdin holds something other than a frame of protocol 16 (${JSON.stringify(buf.toString("latin1", 0, 8))}); the engine is spoken to by the tengym Python package of its own version alone
`);
	process.exit(2);
}
/**
* Waiting for the next frame: a blocked read is woken by the kernel when Python writes, and on
* an idle machine (a virtual one most of all) that wake-up costs tens of microseconds, more than
* a step. So while frames come quickly the engine first polls a non-blocking handle on the same
* pipe for up to `spinMicros` (set by the hello frame; 0 turns it off), then blocks. A wait
* that outlasts twice the window (Python busy with a policy, or idle) stops the polling until
* a blocked wait is short again, so a slow caller costs no spun CPU. Linux only: there, opening
* /proc/self/fd/0 gives the pipe a second, non-blocking open file; elsewhere the engine blocks.
*/
let spinMicros = 0;
let spinFd = -1;
let spinning = true;
function setSpin(value) {
	const micros = typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.min(value, 1e4)) : 0;
	if (micros > 0 && spinFd < 0 && process.platform === "linux") try {
		spinFd = openSync("/proc/self/fd/0", constants.O_RDONLY | constants.O_NONBLOCK);
	} catch {
		spinFd = -1;
	}
	spinMicros = spinFd >= 0 ? micros : 0;
	if (spinMicros === 0 && spinFd >= 0) {
		closeSync(spinFd);
		spinFd = -1;
	}
}
/** One read of stdin into buf from `at`; 0 at end of file (the parent gone). */
function readChunk(buf, at) {
	const start = spinMicros > 0 ? performance.now() : 0;
	if (spinMicros > 0 && spinning) {
		const until = start + spinMicros / 1e3;
		do
			try {
				return readSync(spinFd, buf, at, buf.length - at, null);
			} catch (e) {
				if (e.code !== "EAGAIN") throw e;
			}
		while (performance.now() < until);
	}
	for (;;) try {
		const n = readSync(0, buf, at, buf.length - at, null);
		if (spinMicros > 0) spinning = performance.now() - start < 2 * spinMicros / 1e3;
		return n;
	} catch (e) {
		if (e.code === "EAGAIN") continue;
		if (e.code === "EOF") return 0;
		throw e;
	}
}
main();
export { ENGINE_VERSION, MAX_FRAME_BYTES, PROTOCOL };
