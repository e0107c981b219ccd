// Smoke test for nvcc inside the Bazel sandbox: host code + a trivial kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_one(int *x) { *x += 1; }

int main() {
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        std::printf("no CUDA device present (%s)\n",
                    e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
        return 0;
    }
    int h = 41, *d = nullptr;
    if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 2;
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    add_one<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    std::printf("kernel ran on %d device(s): %d\n", n, h);
    return h == 42 ? 0 : 1;
}
