/* caipan 裁判: what a player keeps on this device (a night's tally 牌局记账, drill stats 练习), in
 * IndexedDB, the browser's database (an ES module, imported by the pages that keep something).
 *
 * One database, "caipan", one object store per kind of record ("nights", "drills"), each record keyed by
 * its "id". Every record carries the schema version it was written with ("v"); `open(kind, version,
 * migrate)` brings older records up to `version` when they are read, and refuses to touch a record from a
 * newer version (a newer site wrote it: it stays as it is, and the page says so).
 *
 * Where IndexedDB is unavailable (private mode, storage switched off, a full disk, a browser that refuses)
 * the store keeps working in memory and says why (`store.problem`): the page shows that line, so the
 * player knows the night will not outlive the tab. A write that fails later (the quota reached) turns the
 * store to memory the same way, keeping what it had. Nothing here ever leaves the device. */

const DB = "caipan";
const DB_VERSION = 1;
const KINDS = ["nights", "drills"];

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let database = null;  // the promise of the one connection, shared by every store of the page

function connect() {
  if (!database) {
    database = new Promise((resolve, reject) => {
      if (!self.indexedDB) { reject(new Error("这个浏览器不提供本地数据库")); return; }
      let r;
      try { r = indexedDB.open(DB, DB_VERSION); } catch (e) { reject(e); return; }
      r.onupgradeneeded = () => {
        for (const kind of KINDS) if (!r.result.objectStoreNames.contains(kind)) r.result.createObjectStore(kind, { keyPath: "id" });
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error || new Error("本地数据库打不开"));
      r.onblocked = () => reject(new Error("本地数据库被另一个标签页占用"));
    });
  }
  return database;
}

/* Why a failure means memory only, in words for the player. */
function why(err) {
  const name = err && err.name;
  if (name === "QuotaExceededError") return "本设备的存储空间已满";
  if (name === "SecurityError" || name === "InvalidStateError") return "浏览器不允许本站保存数据（可能是无痕模式）";
  return (err && err.message) || "本地数据库不可用";
}

/* The store of one kind of record. `migrate(record)` returns the record at `version`, given one of an
 * older version (its "v" lower); records of a newer version are left alone and counted in `newer`. */
export async function open(kind, version, migrate) {
  if (!KINDS.includes(kind)) throw new Error("unknown store " + kind);
  const memory = new Map();
  const store = { problem: "", newer: 0, persistent: true };
  let db = null;
  try { db = await connect(); } catch (err) { store.problem = why(err); store.persistent = false; }

  const toMemory = (err) => { store.problem = why(err); store.persistent = false; db = null; };
  const current = (record) => {
    if (!record || typeof record !== "object" || typeof record.v !== "number") return null;
    if (record.v > version) { store.newer += 1; return null; }
    return record.v < version ? migrate(record) : record;
  };
  const tx = (mode, work) => new Promise((resolve, reject) => {
    const t = db.transaction(kind, mode);
    const result = work(t.objectStore(kind));
    t.oncomplete = () => resolve(result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error || new Error("aborted"));
  });

  /* Every record of this kind at `version`, in memory too (the page keeps working with them). */
  store.all = async () => {
    if (db) {
      try {
        const records = await request(db.transaction(kind).objectStore(kind).getAll());
        store.newer = 0;
        for (const r of records) { const c = current(r); if (c) memory.set(c.id, c); }
      } catch (err) { toMemory(err); }
    }
    return [...memory.values()];
  };
  store.put = async (record) => {
    const kept = { ...record, v: version };
    memory.set(kept.id, kept);
    if (db) { try { await tx("readwrite", (s) => s.put(kept)); } catch (err) { toMemory(err); } }
    return kept;
  };
  store.remove = async (id) => {
    memory.delete(id);
    if (db) { try { await tx("readwrite", (s) => s.delete(id)); } catch (err) { toMemory(err); } }
  };
  return store;
}
