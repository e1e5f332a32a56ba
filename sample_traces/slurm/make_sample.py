#!/usr/bin/env python3
"""Writes the Slurm sample (scontrol_nodes.txt, topology.conf, sacct_jobs.txt, sacct_jobs.json,
sacctmgr_assoc.txt) in the formats the Slurm documentation gives for `scontrol show node
--oneliner`, topology.conf (topology/tree), `sacct --parsable2`, `sacct --json` and
`sacctmgr --parsable2 show assoc format=Cluster,Account,User,Partition,GrpTRES` (data_parser v0.0.40 shape, trimmed to
the fields a job record always has). Deterministic: no randomness, the jobs are listed below.

Cluster "lab": 3 leaf switches (racks) under one spine:
  s1: gpu[01-04]  8 x a100, 64 CPUs, 1 TiB
  s2: gpu[05-08]  8 x a100, 64 CPUs, 1 TiB
  s3: gpu[09-12]  4 x v100, 32 CPUs, 384 GiB; cpu[01-02] no GPU, 128 CPUs, 512 GiB
Jobs are placed by a small first-fit replay so no node is oversubscribed. Times are local
Europe/Berlin wall-clock times (sacct prints no zone) around the change to summer time on
2024-03-31 02:00 -> 03:00.
"""
import datetime as dt
import json
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
NODES = ([(f"gpu{i:02d}", "a100", 8, 64, 1048576) for i in range(1, 9)]
         + [(f"gpu{i:02d}", "v100", 4, 32, 393216) for i in range(9, 13)]
         + [(f"cpu{i:02d}", None, 0, 128, 524288) for i in range(1, 3)])

def hostlist(names):
    """Slurm's compressed form of a sorted list: gpu[01-03,05],cpu01."""
    groups = {}
    for n in names:
        prefix = n.rstrip("0123456789")
        groups.setdefault(prefix, []).append(n[len(prefix):])
    parts = []
    for prefix, nums in groups.items():
        if len(nums) == 1:
            parts.append(prefix + nums[0])
            continue
        ranges, start, prev = [], nums[0], nums[0]
        for x in nums[1:] + [None]:
            if x is not None and int(x) == int(prev) + 1:
                prev = x
                continue
            ranges.append(start if start == prev else f"{start}-{prev}")
            if x is not None:
                start = prev = x
        parts.append(f"{prefix}[{','.join(ranges)}]")
    return ",".join(parts)

def write_nodes():
    with open("scontrol_nodes.txt", "w") as f:
        for name, model, gpus, cpus, mem in NODES:
            gres = f"gpu:{model}:{gpus}(S:0-1)" if gpus else "(null)"
            tres = f"cpu={cpus},mem={mem}M,billing={cpus}" + (f",gres/gpu={gpus}" if gpus else "")
            state = "DOWN+DRAIN" if name == "gpu12" else "IDLE"
            reason = " Reason=GPU 3 fell off the bus [root@2024-03-31T09:12:44]" if name == "gpu12" else ""
            f.write(f"NodeName={name} Arch=x86_64 CoresPerSocket={cpus // 2} CPUAlloc=0 CPUEfctv={cpus} CPUTot={cpus} "
                    f"CPULoad=0.02 AvailableFeatures={model or 'cpu'} ActiveFeatures={model or 'cpu'} Gres={gres} "
                    f"NodeAddr={name} NodeHostName={name} Version=23.02.7 OS=Linux 5.15.0-101-generic #111-Ubuntu SMP "
                    f"Tue Mar 5 20:16:58 UTC 2024 RealMemory={mem} AllocMem=0 FreeMem={mem - 20000} Sockets=2 Boards=1 "
                    f"State={state} ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A "
                    f"Partitions={'gpu' if gpus else 'cpu'} BootTime=2024-03-01T08:00:00 SlurmdStartTime=2024-03-01T08:01:10 "
                    f"LastBusyTime=2024-03-31T10:00:00 ResumeAfterTime=None CfgTRES={tres} AllocTRES= CapWatts=n/a "
                    f"CurrentWatts=0 AveWatts=0 ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s{reason}\n")

def write_topology():
    with open("topology.conf", "w") as f:
        f.write("# topology.conf for cluster 'lab' (topology/tree): three leaf switches under one spine\n")
        f.write("SwitchName=s1 Nodes=gpu[01-04]\n")
        f.write("SwitchName=s2 Nodes=gpu[05-08]\n")
        f.write("SwitchName=s3 Nodes=gpu[09-12],cpu[01-02]\n")
        f.write("SwitchName=spine Switches=s[1-3]\n")

# (id, name, user, account, partition, qos, submit "MM-DD HH:MM", run minutes, nodes, gpus/node,
#  model or None, cpus, mem GiB, final state)
JOBS = [
    ("4101", "resnet50", "alice", "vision", "gpu", "normal", "03-30 20:05", 240, 1, 8, "a100", 32, 256, "COMPLETED"),
    ("4102", "bert-ft", "bob", "nlp", "gpu", "normal", "03-30 20:40", 95, 1, 4, None, 16, 128, "COMPLETED"),
    ("4103", "llm-pretrain", "carol", "nlp", "gpu", "high", "03-30 21:00", 600, 4, 8, "a100", 256, 2048, "TIMEOUT"),
    ("4104", "notebook", "dave", "vision", "gpu", "normal", "03-30 21:15", 30, 1, 1, None, 4, 32, "CANCELLED by 1003"),
    ("4105", "sweep-a", "erin", "speech", "gpu", "low", "03-30 22:10", 50, 1, 2, "v100", 8, 64, "FAILED"),
    ("4106", "sweep-b", "erin", "speech", "gpu", "low", "03-30 22:11", 65, 1, 2, "v100", 8, 64, "COMPLETED"),
    ("4107", "preprocess", "frank", "vision", "cpu", "normal", "03-30 22:30", 120, 1, 0, None, 96, 400, "COMPLETED"),
    ("4108", "vit-large", "alice", "vision", "gpu", "high", "03-30 23:45", 300, 2, 8, "a100", 128, 1024, "NODE_FAIL"),
    ("4109", "tokenize", "bob", "nlp", "cpu", "normal", "03-31 00:20", 45, 1, 0, None, 64, 480, "OUT_OF_MEMORY"),
    ("4110", "asr-train", "gina", "speech", "gpu", "normal", "03-31 01:10", 180, 1, 4, "v100", 16, 192, "COMPLETED"),
    ("4111", "eval", "carol", "nlp", "gpu", "normal", "03-31 01:40", 25, 1, 1, None, 4, 16, "COMPLETED"),
    ("4112", "dpo", "carol", "nlp", "gpu", "high", "03-31 03:05", 200, 2, 8, "a100", 128, 1536, "COMPLETED"),
    ("4113", "detr", "dave", "vision", "gpu", "normal", "03-31 03:30", 150, 1, 4, None, 16, 128, "FAILED"),
    ("4114", "wav2vec", "gina", "speech", "gpu", "normal", "03-31 04:15", 90, 1, 2, "v100", 8, 96, "CANCELLED"),
    ("4115", "resnet101", "alice", "vision", "gpu", "normal", "03-31 05:00", 130, 1, 8, "a100", 32, 256, "COMPLETED"),
    ("4116", "lora-7b", "hank", "nlp", "gpu", "normal", "03-31 06:20", 75, 1, 2, None, 8, 128, "COMPLETED"),
    ("4117", "lora-13b", "hank", "nlp", "gpu", "normal", "03-31 06:25", 110, 1, 4, None, 16, 256, "COMPLETED"),
    ("4118", "segformer", "frank", "vision", "gpu", "low", "03-31 07:00", 260, 1, 4, "v100", 16, 192, "PREEMPTED"),
    ("4119", "t5-xl", "bob", "nlp", "gpu", "normal", "03-31 08:10", 70, 1, 8, None, 32, 512, "COMPLETED"),
    ("4120", "clip", "alice", "vision", "gpu", "high", "03-31 09:00", 420, 3, 8, "a100", 192, 1536, "RUNNING"),
    ("4121", "diarize", "gina", "speech", "gpu", "normal", "03-31 09:30", 55, 1, 1, "v100", 4, 48, "COMPLETED"),
    ("4122", "feature-dump", "frank", "vision", "cpu", "normal", "03-31 10:00", 240, 1, 0, None, 120, 500, "RUNNING"),
    ("4123", "moe-pretrain", "carol", "nlp", "gpu", "high", "03-31 10:30", 900, 6, 8, "a100", 384, 4096, "PENDING"),
    ("4124", "interactive", "dave", "vision", "gpu", "normal", "03-31 10:40", 0, 1, 1, None, 4, 16, "CANCELLED by 1004"),
]
ARRAY = ("4130", "hparam", "erin", "speech", "gpu", "low", "03-31 04:00", [40, 35, 60, 45], 1, "v100", 4, 32)
HET = ("4140", "het-pipeline", "bob", "nlp", "gpu", "normal", "03-31 01:30",
       60, [(1, 8, "a100", 32, 512), (1, 0, None, 16, 64)])

def local(text):
    return dt.datetime.strptime("2024-" + text, "%Y-%m-%d %H:%M")

def fmt(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")

class Replay:
    """First-fit on real (UTC) time: a job starts at the first event time its GPUs/CPUs fit."""
    def __init__(self):
        self.busy = []  # (start_utc, end_utc, node, gpus, cpus)

    def free(self, node, t):
        name, model, gpus, cpus, _ = node
        used = [b for b in self.busy if b[2] == name and b[0] <= t < b[1]]
        return gpus - sum(b[3] for b in used), cpus - sum(b[4] for b in used)

    def place(self, submit_utc, minutes, nnodes, gpus, model, cpus_total):
        cpus = cpus_total // nnodes
        times = sorted({submit_utc} | {b[1] for b in self.busy if b[1] > submit_utc})
        for t in times:
            end = t + dt.timedelta(minutes=minutes)
            fit = []
            for node in NODES:
                if (gpus == 0) != (node[2] == 0) or (model and node[1] != model) or node[0] == "gpu12":
                    continue
                ok = all(self.free(node, x)[0] >= gpus and self.free(node, x)[1] >= cpus
                         for x in [t] + [b[0] for b in self.busy if t < b[0] < end])
                if ok:
                    fit.append(node[0])
                if len(fit) == nnodes:
                    for n in fit:
                        self.busy.append((t, end, n, gpus, cpus))
                    return t, fit
        raise RuntimeError("no fit")

def to_utc(naive):
    return naive.replace(tzinfo=BERLIN).astimezone(dt.timezone.utc)

def to_local(utc):
    return utc.astimezone(BERLIN).replace(tzinfo=None)

def tres(cpus, mem_gib, nodes, gpus, model, alloc):
    s = f"billing={cpus},cpu={cpus},mem={mem_gib}G,node={nodes}" if alloc else f"billing={cpus},cpu={cpus},mem={mem_gib}G,node={nodes}"
    if gpus:
        s += f",gres/gpu={gpus}"
        if model:
            s += f",gres/gpu:{model}={gpus}"
    return s

def write_jobs():
    replay = Replay()
    header = "JobID|JobIDRaw|JobName|User|Account|Partition|QOS|Submit|Start|End|State|ExitCode|AllocTRES|ReqTRES|NNodes|NodeList"
    rows = []
    now_utc = to_utc(local("03-31 11:00"))
    def row(jid, raw, name, user, acct, part, qos, submit, minutes, nnodes, gpn, model, cpus, mem, state):
        req = tres(cpus, mem, nnodes, gpn * nnodes, model, False)
        sub_utc = to_utc(local(submit)) if isinstance(submit, str) else submit
        sub_local = to_local(sub_utc)
        if state == "PENDING" or (state.startswith("CANCELLED") and minutes == 0):
            end = fmt(to_local(sub_utc + dt.timedelta(minutes=3))) if state != "PENDING" else "Unknown"
            start = "None" if state != "PENDING" else "Unknown"
            return f"{jid}|{raw}|{name}|{user}|{acct}|{part}|{qos}|{fmt(sub_local)}|{start}|{end}|{state}|0:0||{req}|{nnodes}|None assigned"
        t, nodes = replay.place(sub_utc, minutes, nnodes, gpn, model, cpus)
        end_utc = t + dt.timedelta(minutes=minutes)
        end = "Unknown" if state == "RUNNING" else fmt(to_local(end_utc))
        exitcode = {"COMPLETED": "0:0", "FAILED": "1:0", "OUT_OF_MEMORY": "0:125", "TIMEOUT": "0:0",
                    "NODE_FAIL": "0:0", "PREEMPTED": "0:0", "RUNNING": "0:0"}.get(state, "0:15")
        alloc = tres(cpus, mem, nnodes, gpn * nnodes, model or (NODES[[n[0] for n in NODES].index(nodes[0])][1] if gpn else None), True)
        return (f"{jid}|{raw}|{name}|{user}|{acct}|{part}|{qos}|{fmt(sub_local)}|{fmt(to_local(t))}|{end}|{state}|"
                f"{exitcode}|{alloc}|{req}|{nnodes}|{hostlist(nodes)}")
    jobs = []
    for j in JOBS:
        jobs.append((local(j[6]), j))
    for k, minutes in enumerate(ARRAY[7]):
        jobs.append((local(ARRAY[6]), ("array", k, minutes)))
    jobs.append((local("03-31 03:30"), ("het",)))
    jobs.sort(key=lambda x: x[0])
    raw = 4200
    for _, j in jobs:
        if j[0] == "array":
            k, minutes = j[1], j[2]
            a = ARRAY
            rows.append(row(f"{a[0]}_{k + 1}", str(raw), a[1], a[2], a[3], a[4], a[5], a[6], minutes, a[8], a[10] and 1, a[9], a[10], a[11],
                            "COMPLETED" if k != 2 else "FAILED"))
            raw += 1
        elif j[0] == "het":
            h = HET
            for k, (nn, g, model, cpus, mem) in enumerate(h[8]):
                rows.append(row(f"{h[0]}+{k}", str(raw), h[1], h[2], h[3], h[4] if g else "cpu", h[5], h[6], h[7], nn, g, model, cpus, mem, "COMPLETED"))
                raw += 1
        else:
            rows.append(row(j[0], j[0], *j[1:]))
    with open("sacct_jobs.txt", "w") as f:
        f.write(header + "\n")
        for r in rows:
            f.write(r + "\n")
    write_json(header.split("|"), rows)

def setnum(n, is_set=True):
    return {"set": is_set, "infinite": False, "number": n}

def epoch(text):
    if text in ("Unknown", "None", ""):
        return 0
    return int(to_utc(dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S")).timestamp())

def tres_list(text):
    ids = {"cpu": 1, "mem": 2, "node": 4, "billing": 5}
    out = []
    for entry in filter(None, text.split(",")):
        key, value = entry.split("=")
        if key.startswith("gres/"):
            out.append({"type": "gres", "name": key[5:], "id": 1001 if key == "gres/gpu" else 1002, "count": int(value)})
        else:
            count = int(value[:-1]) * 1024 if key == "mem" and value.endswith("G") else int(value)
            out.append({"type": key, "name": "", "id": ids[key], "count": count})
    return out

def write_json(names, rows):
    """The same jobs as sacct --json prints them: Unix times, TRES lists (mem in MB), array/het objects."""
    jobs = []
    for row in rows:
        f = dict(zip(names, row.split("|")))
        jid, raw = f["JobID"], int(f["JobIDRaw"])
        array = {"job_id": 0, "task_id": setnum(0, False), "task": ""}
        het = {"job_id": 0, "job_offset": setnum(0, False)}
        if "_" in jid:
            first, task = jid.split("_")
            array = {"job_id": int(first), "task_id": setnum(int(task)), "task": ""}
        if "+" in jid:
            first, offset = jid.split("+")
            het = {"job_id": int(first), "job_offset": setnum(int(offset))}
        start, end = epoch(f["Start"]), epoch(f["End"])
        state = f["State"].split(" ")[0]
        jobs.append({
            "account": f["Account"], "allocation_nodes": int(f["NNodes"]) if f["NodeList"] != "None assigned" else 0,
            "array": array, "cluster": "lab",
            "exit_code": {"status": ["SUCCESS" if f["ExitCode"] == "0:0" else "ERROR"],
                          "return_code": setnum(int(f["ExitCode"].split(":")[0]))},
            "het": het, "job_id": raw, "name": f["JobName"], "nodes": f["NodeList"], "partition": f["Partition"],
            "qos": f["QOS"], "state": {"current": [state], "reason": "None"},
            "time": {"elapsed": (end - start) if start and end else 0, "eligible": epoch(f["Submit"]), "end": end,
                     "start": start, "submission": epoch(f["Submit"]), "suspended": 0,
                     "limit": setnum(1440)},
            "tres": {"allocated": tres_list(f["AllocTRES"]), "requested": tres_list(f["ReqTRES"])},
            "user": f["User"], "steps": [],
        })
    doc = {"meta": {"plugin": {"type": "openapi/slurmctld", "name": "Slurm OpenAPI slurmctld", "data_parser": "data_parser/v0.0.40"},
                    "client": {"source": "/dev/pts/0", "user": "root", "group": "root"},
                    "command": ["sacct", "--allusers", "--json"],
                    "slurm": {"version": {"major": "23", "micro": "7", "minor": "02"}, "release": "23.02.7", "cluster": "lab"}},
           "jobs": jobs, "warnings": [], "errors": []}
    with open("sacct_jobs.json", "w") as out:
        json.dump(doc, out, indent=2)
        out.write("\n")

def write_quotas():
    """Account GPU limits (GrpTRES) with the user associations below them, as sacctmgr prints them."""
    rows = [("root", "", ""), ("root", "root", ""),
            ("nlp", "", "cpu=512,gres/gpu=40,mem=4T"), ("nlp", "bob", ""), ("nlp", "carol", ""), ("nlp", "hank", ""),
            ("speech", "", "gres/gpu=8"), ("speech", "erin", ""), ("speech", "gina", ""),
            ("vision", "", "gres/gpu=24"), ("vision", "alice", ""), ("vision", "dave", ""), ("vision", "frank", "")]
    with open("sacctmgr_assoc.txt", "w") as f:
        f.write("Cluster|Account|User|Partition|GrpTRES\n")
        for account, user, tres in rows:
            f.write(f"lab|{account}|{user}||{tres}\n")

if __name__ == "__main__":
    write_quotas()
    write_nodes()
    write_topology()
    write_jobs()
