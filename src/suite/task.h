// A task: one canonical computation pattern, loaded from its folder (design.md section 3).
//
//   suite/tasks/<id>/task.json      metadata, tensors, instances, tolerances, FLOP/byte counts
//   suite/tasks/<id>/reference.py   the PyTorch reference (Model, get_inputs, get_init_inputs)
//   suite/tasks/<id>/algorithm.h    the Halide reference algorithm (struct task::Algorithm)
//   suite/tasks/<id>/kernels/       naive.cpp, expert_<backend>.cpp
//
// Shapes are written in PyTorch order (outermost first). Halide dimension 0 is the LAST
// PyTorch dimension: a contiguous torch tensor [N, C, H, W] is the Halide buffer (W, H, C, N).
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/dtype.h"
#include "suite/shape_expr.h"
#include "verify/datagen.h"

namespace ekb {

// A malformed task: the message names the file, the field and what is wrong.
class TaskError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct TensorSpec {
    std::string name;
    DType dtype = DType::f32;
    std::vector<std::string> shape;  // expressions over the task's dims, PyTorch order
    double range_lo = -1, range_hi = 1;  // inputs: uniform value range (integers inclusive)
    // inputs: adversarial verification sets ("adversarial" in task.json, or the defaults
    // the task's tags imply: default_adversarial)
    std::vector<AdversarialGen> adversarial;
};

struct Instance {
    std::string name;
    DimValues dims;
    bool heldout = false;
    std::string origin = "task.json";  // or the private-instances file it came from
};

struct Tolerance {
    double atol = 0;
    double rtol = 0;
};

// Default tolerances per dtype: float32 atol = rtol = 1e-4; float16 atol = rtol = 4u = 2^-9
// (u = 2^-11, its unit roundoff: the reference's and the kernel's own roundings of a result
// they computed in float may land one float16 ulp, 2u relative, apart; doubled); integers exact.
Tolerance default_tolerance(DType d);

// A float16 output that is a reduction of length n (task.json "tolerance": {"reduction":
// "<shape expression>"}, n its largest value over the task's instances): atol = rtol =
// u * (4 + sqrt(n)). The sqrt(n) u term is the probabilistic rounding error of a length-n sum
// accumulated in float16 (Higham and Mary, 2019: random-sign rounding errors grow like sqrt(n),
// not n) relative to the O(1) outputs tasks are built with, so a kernel that accumulates in
// float16, as fp16 edge kernels do, passes where the reference accumulates in float.
Tolerance float16_tolerance(int64_t n);

// Where a pattern was taken from (optional in task.json): the model, its version or
// variant (may be empty), and the layers the pattern covers; a free-text citation fills
// `model` only.
struct ModelSource {
    std::string model, version, layers;
};

struct Task {
    std::string id, title, tier, domain, provenance, description;
    std::optional<ModelSource> source;
    std::vector<std::string> tags;
    std::vector<std::string> dims;
    // What makes a dims assignment legal beyond positive tensor shapes ("C % 4 == 0",
    // "K <= T", "H2 == 2*H"); every instance satisfies them; the shape fuzz respects them.
    std::vector<std::string> constraints;
    std::vector<TensorSpec> inputs, outputs;
    std::map<std::string, Tolerance> tolerance;  // per output name (filled for every output)
    std::string flops_expr, bytes_expr;
    std::vector<Instance> instances;
    std::filesystem::path dir;
    std::string content_hash;  // sha256 over every file in the task folder

    std::vector<int64_t> shape(const TensorSpec &t, const Instance &inst) const;
    int64_t elements(const TensorSpec &t, const Instance &inst) const;
    double flops(const Instance &inst) const;
    double bytes(const Instance &inst) const;
    std::vector<const Instance *> visible_instances() const;
    // Of `candidates`, the instance with the most output elements (the first on a tie);
    // nullptr when there is none. Profiles and LEKA's extents use the largest visible one.
    const Instance *largest_instance(const std::vector<const Instance *> &candidates) const;
    const Instance *find_instance(const std::string &name) const;

    std::filesystem::path algorithm_path() const { return dir / "algorithm.h"; }
    std::filesystem::path reference_path() const { return dir / "reference.py"; }
    std::filesystem::path naive_kernel() const { return dir / "kernels" / "naive.cpp"; }
    // kernels/expert_<e>.cpp, where e is the backend's `expert` column (backend_table.h):
    // backends may share experts (the arm64 CPUs use the cpu experts).
    std::filesystem::path expert_kernel(const std::string &backend) const;
};

// The adversarial kinds an input gets when no input of the task declares "adversarial":
// ties (5 levels) for tasks tagged argmax, argmin, max-pool/maxpool, median, rank-filter,
// sort, sorting-network, histogram; extremes for integer inputs of tasks tagged quantized.
std::vector<AdversarialGen> default_adversarial(const std::vector<std::string> &tags, const TensorSpec &input);

// Empty when `dims` is a legal instance of the task (every tensor shape positive, every
// constraint holds), else what is wrong ("tensor 'y' dimension \"N-K+1\" is 0").
std::string instance_problem(const Task &task, const DimValues &dims);

// Loads and validates dir/task.json; throws TaskError.
Task load_task(const std::filesystem::path &dir);

// Merges a local, never committed file of private held-out instances:
//   {"<task id>": [{"name": "...", "dims": {...}}, ...], ...}
// They are held out (never shown to producers) and evaluated like the suite's own.
// Throws TaskError naming the file and field.
void merge_private_instances(std::vector<Task> &tasks, const std::filesystem::path &file);

// "[2, 3]" for a shape.
std::string shape_string(const std::vector<int64_t> &shape);

}  // namespace ekb
