#!/usr/bin/env python3
"""Writes the Kubernetes sample (nodes.json, pods.json, resourcequotas.json) in the shape
`kubectl get nodes -o json`, `kubectl get pods -A -o json` and `kubectl get resourcequota -A -o json` print (kind List, items with apiVersion, kind, metadata, spec,
status; fields trimmed to what a GPU cluster's list typically holds). Deterministic.

Cluster: 6 nodes in 2 zones (topology.kubernetes.io/zone, the rack label ClusterLens reads by
default): 4 x 8 NVIDIA-A100-SXM4-80GB, 1 x 4 Tesla-T4, 1 control-plane node without GPU.
Pods: 3 team namespaces (GPU jobs) and kube-system (CPU pods), every phase and the container
terminations Completed, Error and OOMKilled.
"""
import json

def node(name, zone, gpus, product, cpu, mem, control_plane=False):
    labels = {
        "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
        "topology.kubernetes.io/region": "eu-west-1", "topology.kubernetes.io/zone": zone,
        "node.kubernetes.io/instance-type": "p4d.24xlarge" if gpus == 8 else ("g4dn.12xlarge" if gpus else "m6i.2xlarge"),
    }
    if control_plane:
        labels["node-role.kubernetes.io/control-plane"] = ""
    if gpus:
        labels.update({"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                       "nvidia.com/gpu.count": str(gpus), "nvidia.com/gpu.memory": "81920" if "A100" in product else "15360"})
    capacity = {"cpu": str(cpu), "ephemeral-storage": "507944172Ki", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                "memory": mem, "pods": "110"}
    if gpus:
        capacity["nvidia.com/gpu"] = str(gpus)
    allocatable = dict(capacity, cpu=f"{cpu * 1000 - 500}m")
    spec = {"podCIDR": "10.244.0.0/24", "providerID": f"aws:///eu-west-1/{name}"}
    if control_plane:
        spec["taints"] = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "uid": f"uid-{name}", "creationTimestamp": "2024-05-01T08:00:00Z", "labels": labels},
            "spec": spec,
            "status": {"capacity": capacity, "allocatable": allocatable,
                       "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                                       "lastTransitionTime": "2024-05-01T08:02:00Z"}],
                       "nodeInfo": {"kubeletVersion": "v1.29.4", "containerRuntimeVersion": "containerd://1.7.13"}}}

NODES = [
    node("cp-0", "eu-west-1a", 0, None, 8, "32386520Ki", control_plane=True),
    node("a100-0", "eu-west-1a", 8, "NVIDIA-A100-SXM4-80GB", 96, "1176Gi"),
    node("a100-1", "eu-west-1a", 8, "NVIDIA-A100-SXM4-80GB", 96, "1176Gi"),
    node("a100-2", "eu-west-1b", 8, "NVIDIA-A100-SXM4-80GB", 96, "1176Gi"),
    node("a100-3", "eu-west-1b", 8, "NVIDIA-A100-SXM4-80GB", 96, "1176Gi"),
    node("t4-0", "eu-west-1b", 4, "Tesla-T4", 48, "192Gi"),
]

def ts(h, m, s=0, day=6):
    return f"2024-05-{day:02d}T{h:02d}:{m:02d}:{s:02d}Z"

def pod(ns, name, node, created, start, phase, containers, finished=None, reason=None, exit_code=0, product=None,
        init=None, pod_reason=None):
    """containers: list of (name, requests, limits); finished: the containers' finishedAt."""
    spec = {"containers": [{"name": c, "image": f"registry.example.com/{ns}/{c}:1.4",
                            "resources": {k: v for k, v in (("requests", r), ("limits", l)) if v}}
                           for c, r, l in containers],
            "restartPolicy": "Never", "schedulerName": "default-scheduler", "serviceAccountName": "default",
            "tolerations": [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists",
                             "tolerationSeconds": 300}]}
    if init:
        spec["initContainers"] = [{"name": c, "image": "busybox:1.36", "resources": {"requests": r}} for c, r in init]
    if node:
        spec["nodeName"] = node
    if product:
        spec["nodeSelector"] = {"nvidia.com/gpu.product": product}
    status = {"phase": phase, "qosClass": "Burstable"}
    if pod_reason:
        status["reason"] = pod_reason
    if phase == "Pending":
        status["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                                 "lastTransitionTime": created,
                                 "message": "0/6 nodes are available: 6 Insufficient nvidia.com/gpu."}]
    else:
        status["startTime"] = start
        states = []
        for i, (c, _, _) in enumerate(containers):
            if phase == "Running":
                state = {"running": {"startedAt": start}}
            else:
                why = reason if i == 0 else "Completed"
                code = exit_code if i == 0 else 0
                state = {"terminated": {"exitCode": code, "reason": why, "startedAt": start, "finishedAt": finished,
                                        "containerID": f"containerd://{sum(map(ord, ns + name + c)) * 7919:012d}"}}
            states.append({"name": c, "image": f"registry.example.com/{ns}/{c}:1.4", "ready": phase == "Running",
                           "restartCount": 0, "started": phase == "Running", "state": state})
        status["containerStatuses"] = states
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": ns, "uid": f"uid-{ns}-{name}", "creationTimestamp": created,
                         "labels": {"app": name.rsplit("-", 1)[0]}},
            "spec": spec, "status": status}

def gpu(n, cpu, mem):
    return ({"cpu": cpu, "memory": mem, "nvidia.com/gpu": str(n)}, {"nvidia.com/gpu": str(n), "memory": mem})

A100 = "NVIDIA-A100-SXM4-80GB"
PODS = [
    pod("team-vision", "train-resnet-0", "a100-0", ts(8, 0), ts(8, 0, 12), "Succeeded", [("trainer", *gpu(8, "32", "256Gi"))], ts(11, 30), "Completed"),
    pod("team-vision", "train-vit-0", "a100-1", ts(8, 20), ts(8, 20, 5), "Succeeded",
        [("trainer", *gpu(4, "16", "128Gi")), ("logger", {"cpu": "500m", "memory": "512Mi"}, None)], ts(9, 50), "Completed"),
    pod("team-vision", "augment-0", "a100-1", ts(8, 25), ts(8, 25, 3), "Failed", [("aug", *gpu(2, "8", "64Gi"))], ts(8, 55), "OOMKilled", 137),
    pod("team-vision", "eval-0", "t4-0", ts(9, 0), ts(9, 0, 4), "Succeeded", [("eval", *gpu(1, "4", "16Gi"))], ts(9, 40), "Completed"),
    pod("team-vision", "detr-0", "a100-1", ts(10, 0), ts(10, 0, 9), "Running", [("trainer", *gpu(4, "16", "200Gi"))]),
    pod("team-nlp", "pretrain-0", "a100-2", ts(7, 30), ts(7, 30, 20), "Succeeded", [("trainer", *gpu(8, "64", "900Gi"))], ts(10, 15), "Completed", product=A100),
    pod("team-nlp", "pretrain-1", "a100-3", ts(7, 30), ts(7, 30, 22), "Succeeded", [("trainer", *gpu(8, "64", "900Gi"))], ts(10, 15), "Completed", product=A100),
    pod("team-nlp", "tokenize-0", "t4-0", ts(7, 0), ts(7, 0, 2), "Succeeded", [("tok", {"cpu": "12", "memory": "48Gi"}, None)], ts(7, 25), "Completed"),
    pod("team-nlp", "finetune-0", "a100-0", ts(11, 0), ts(11, 35), "Failed",
        [("trainer", *gpu(4, "16", "256Gi"))], ts(12, 5), "Error", 1,
        init=[("fetch-weights", {"cpu": "24", "memory": "300Gi"})]),
    pod("team-nlp", "finetune-1", "a100-2", ts(11, 5), ts(11, 5, 6), "Running", [("trainer", *gpu(8, "48", "600Gi"))], product=A100),
    pod("team-nlp", "rlhf-0", None, ts(11, 40), None, "Pending", [("trainer", *gpu(16, "128", "1800Gi"))], product=A100),
    pod("team-speech", "asr-0", "t4-0", ts(8, 10), ts(8, 10, 30), "Succeeded", [("asr", *gpu(2, "1500m", "24Gi"))], ts(10, 40), "Completed"),
    pod("team-speech", "asr-1", "t4-0", ts(8, 15), ts(8, 15, 30), "Failed", [("asr", *gpu(1, "1500m", "24Gi"))], ts(8, 50), "Error", 2),
    pod("team-speech", "tts-0", "a100-3", ts(10, 30), ts(10, 30, 8), "Failed", [("tts", *gpu(2, "8", "96Gi"))], ts(11, 10), "Error", 137,
        pod_reason="Evicted"),
    pod("team-speech", "tts-1", "a100-3", ts(11, 15), ts(11, 15, 8), "Succeeded", [("tts", *gpu(2, "8", "96Gi"))], ts(11, 50), "Completed"),
    pod("team-speech", "vad-0", None, ts(11, 50), None, "Pending", [("vad", *gpu(1, "2", "8Gi"))]),
    pod("kube-system", "coredns-5d78c9869d-abcde", "cp-0", ts(8, 0, day=1), ts(8, 0, 30, day=1), "Running",
        [("coredns", {"cpu": "100m", "memory": "70Mi"}, {"memory": "170Mi"})]),
    pod("kube-system", "nvidia-device-plugin-daemonset-x7k2p", "a100-0", ts(8, 3, day=1), ts(8, 3, 10, day=1), "Running",
        [("nvidia-device-plugin-ctr", None, None)]),
    pod("kube-system", "metrics-server-7db4fb59f9-q2w3e", "cp-0", ts(8, 1, day=1), ts(8, 1, 20, day=1), "Running",
        [("metrics-server", {"cpu": "100m", "memory": "200M"}, None)]),
]

def write(path, items):
    with open(path, "w") as f:
        json.dump({"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}, f, indent=4)
        f.write("\n")

def quota(ns, name, hard):
    return {"apiVersion": "v1", "kind": "ResourceQuota",
            "metadata": {"name": name, "namespace": ns, "uid": f"uid-{ns}-{name}", "creationTimestamp": "2024-05-01T09:00:00Z"},
            "spec": {"hard": hard}, "status": {"hard": hard, "used": {k: "0" for k in hard}}}

QUOTAS = [
    quota("team-vision", "gpu-quota", {"requests.nvidia.com/gpu": "16", "requests.cpu": "96", "requests.memory": "1Ti"}),
    quota("team-nlp", "gpu-quota", {"requests.nvidia.com/gpu": "24"}),
    quota("team-nlp", "compute-caps", {"limits.cpu": "400", "limits.memory": "3Ti", "pods": "50"}),
    quota("team-speech", "gpu-quota", {"requests.nvidia.com/gpu": "12"}),
    quota("team-speech", "gpu-burst-cap", {"requests.nvidia.com/gpu": "8"}),
]

if __name__ == "__main__":
    write("resourcequotas.json", QUOTAS)
    write("nodes.json", NODES)
    write("pods.json", PODS)
